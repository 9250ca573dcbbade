"""A federation's 20 years, generated for the tests of activity and categories: players
who join and leave, each event a round robin of those active that month with every game
played (so every game is rated: all players are rated), and what the test needs to
compute the rules itself — who played in which month, each player's birth year and sex.

Every player is on the starting list (1 January 2005, no activity column: each is active
as of that list, every other one with a club and a region), rated 1900-2199 so that no
one falls below a floor; a third of them are women; births run from 1940 to 2016, so that
the 2025 list has girls under 16 and players of 65 and over."""

from __future__ import annotations

import csv
import random
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

START = date(2005, 1, 1)
#: The first players' sex and birth year: they play from the start to the end, so that the
#: last list has active girls under 16 and women and men of 65 and over.
STAYERS = (("w", 2012), ("w", 1955), ("m", 1950), ("w", 2011), ("m", 2013), ("m", 1945))
#: The clubs and regions of every other player, on the starting list; one club spelled
#: two ways (the same club, case and accents aside).
CLUBS = (("Hà Nội Chess", "Hà Nội"), ("Sài Gòn", "TP. Hồ Chí Minh"),
         ("HA NOI CHESS", "Hà Nội"), ("Đà Nẵng", "Đà Nẵng"))
MONTHS = 240  # January 2005 to December 2024: the last list is dated 1 January 2025
LAST_LIST = date(2025, 1, 1)


@dataclass(frozen=True)
class History:
    """The players (``benchmarks.generate.SyntheticPlayer``) and, by FIDE id, the months
    (their first days) in which each played an event, and his club and region."""

    players: tuple[Any, ...]
    played: dict[int, list[date]]
    clubs: dict[int, tuple[str, str]]  # by FIDE id: club and region on the list ("": none)

    def list_after(self, month: date) -> date:
        """The date of the list that follows a month's period."""
        return date(month.year + month.month // 12, month.month % 12 + 1, 1)

    def active_on(self, fide_id: int, day: date) -> bool:
        """The activity rule computed plainly: a list dated within the year up to ``day``
        (after ``day`` less a year) follows a month he played in, or is the starting list."""
        year_before = date(day.year - 1, day.month, day.day)
        lists = [START, *(self.list_after(m) for m in self.played[fide_id])]
        return any(year_before < d <= day for d in lists)


def month_start(k: int) -> date:
    return date(START.year + k // 12, k % 12 + 1, 1)


def write_history(generate: ModuleType, folder: Path, n_players: int = 60, every: int = 2,
                  seed: int = 11) -> History:
    """The starting list (``folder/list.csv``) and an event every ``every`` months
    (``folder/events/*.trf``) over :data:`MONTHS` months, the last in the last month."""
    rng = random.Random(seed)
    people = []
    for i, p in enumerate(generate.population(n_players, seed)):
        sex, born = STAYERS[i] if i < len(STAYERS) else ("w" if i % 3 == 0 else "m",
                                                          1940 + (i * 37) % 77)
        people.append(replace(p, rating=rng.randint(1900, 2199), title="", sex=sex,
                              birth=date(born, rng.randint(1, 12), rng.randint(1, 28))))
    joins = {p.fide_id: rng.randint(0, MONTHS - 24) for p in people}
    leaves = {p.fide_id: joins[p.fide_id] + rng.randint(6, 150) for p in people}
    for p in people[:len(STAYERS)]:  # from the start to the end
        joins[p.fide_id], leaves[p.fide_id] = 0, MONTHS
    with (folder / "list.csv").open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["fide_id", "name", "federation", "rating", "games", "birth", "sex",
                         "club", "tỉnh"])
        clubs = {p.fide_id: CLUBS[i // 2 % len(CLUBS)] if i % 2 == 0 else ("", "")
                 for i, p in enumerate(people)}
        for p in people:
            club, region = clubs[p.fide_id]
            writer.writerow([p.fide_id, p.name, p.federation, p.rating, 50,
                             p.birth.isoformat(), p.sex, club, region])
    played: dict[int, list[date]] = {p.fide_id: [] for p in people}
    events = folder / "events"
    events.mkdir()
    all_played = generate.Rates(forfeit=0, half_bye=0, withdraw=0, unrated=0)
    for k in range(every - 1, MONTHS, every):  # the last in December 2024
        here = [p for p in people if joins[p.fide_id] <= k < leaves[p.fide_id]]
        if len(here) < 2:
            continue
        field = rng.sample(here, min(10, len(here)))
        month = month_start(k)
        event = generate.generate_round_robin(
            len(field), seed=k, start=month + timedelta(days=rng.randint(0, 15)),
            rates=all_played, entrants=field)
        event = replace(event, name=f"Round robin {k}")
        (events / f"rr{k:03d}.trf").write_text(generate.to_trf(event), encoding="utf-8")
        for p in field:
            played[p.fide_id].append(month)
    return History(tuple(people), played, clubs)
