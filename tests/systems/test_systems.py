"""The Vietnamese rating systems: every worked example of the seeds, every band edge."""

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from helpers import SAMPLES, make_event
from tournament_elo.errors import InputError
from tournament_elo.model import Player, WinMethod
from tournament_elo.rating.engine import rate
from tournament_elo.rating.request import RateRequest
from tournament_elo.systems.per_game.update import expected_score, k_factor
from tournament_elo.systems.registry import get_definition

TC = WinMethod.TIEN_CUNG


def _row(result, player_id):
    table = result.players
    return table[table["id"] == player_id].iloc[0]


def _game(result, player_id, rnd=1):
    games = result.games
    return games[(games["player"] == player_id) & (games["round"] == rnd)].iloc[0]


# --- Tượng Kỳ (seed 000) ---------------------------------------------------------------


def test_tuong_ky_seed_example_with_k_25():
    # E_A = 1 / (1 + 10^(-4/400)) = 0.5058; A loses: 1613 − 25 × 0.5058 = 1600.36 → 1600,
    # B: 1609 + 25 × 0.4942 = 1621.64 → 1621 (truncation, not rounding).
    event = make_event([1613, 1609], [(1, 1, 2, "0")], players=[{"k": 25}, {"k": 25}])
    result = rate(event, "tuong-ky")
    assert round(_game(result, 1)["expected"], 3) == 0.506
    assert round(_game(result, 2)["expected"], 3) == 0.494
    assert (_row(result, 1)["new_rating"], _row(result, 2)["new_rating"]) == (1600, 1621)


def test_tuong_ky_seed_example_with_the_band_k_20():
    # Both are in the 1600-2000 band: K 20 → 1602.88 and 1619.12 → 1602 and 1619.
    result = rate(make_event([1613, 1609], [(1, 1, 2, "0")]), "tuong-ky")
    assert (_row(result, 1)["k"], _row(result, 2)["k"]) == (20, 20)
    assert (_row(result, 1)["new_rating"], _row(result, 2)["new_rating"]) == (1602, 1619)


@pytest.mark.parametrize(("rating", "k"), [(1599, 25), (1600, 20), (1999, 20), (2000, 15),
                                            (2399, 15), (2400, 10), (2900, 10)])
def test_tuong_ky_k_bands(rating, k):
    system = get_definition("tuong-ky")
    assert k_factor(system, np.array([float(rating)]), np.array([0]))[0] == k


def test_tuong_ky_new_player_starts_at_1000_and_ratings_stay_whole():
    # New player (1000) beats 1000: E .5, K 25 → 1012.5 → 1012; the loser 987.5 → 987.
    result = rate(make_event([None, 1000], [(1, 1, 2, "1")]), "tuong-ky")
    assert (_row(result, 1)["new_rating"], _row(result, 2)["new_rating"]) == (1012, 987)


# --- Cờ Đông Sơn (seed 001) ------------------------------------------------------------


@pytest.mark.parametrize(("own", "opponent", "p"), [(670, 1000, 0.24), (1000, 670, 0.76),
                                                    (1000, 1660, 0.09), (1660, 1000, 0.91)])
def test_dong_son_probability_examples(own, opponent, p):
    # P = 1 / (1 + 10^((opp − own) / 660)): 330 apart → 0.2403 / 0.7597; 660 → 0.0909.
    system = get_definition("dong-son")
    assert round(expected_score(system, np.array([own]), np.array([opponent]))[0], 2) == p


def test_dong_son_probability_is_kept_within_1_and_99_percent():
    system = get_definition("dong-son")
    assert expected_score(system, np.array([600.0]), np.array([3000.0]))[0] == 0.01
    assert expected_score(system, np.array([3000.0]), np.array([600.0]))[0] == 0.99


DONG_SON_BANDS = [(659.9, 36, "T1"), (660, 33, "T2"), (989.9, 33, "T2"), (990, 30, "T3"),
                  (1319.9, 30, "T3"), (1320, 27, "BB"), (1649.9, 27, "BB"), (1650, 24, "BT"),
                  (1979.9, 24, "BT"), (1980, 21, "BC"), (2309.9, 21, "BC"), (2310, 18, "LT"),
                  (2639.9, 18, "LT"), (2640, 15, "LH"), (2969.9, 15, "LH"), (2970, 12, "DSL"),
                  (3299.9, 12, "DSL"), (3300, 9, "DST")]


@pytest.mark.parametrize(("rating", "k", "code"), DONG_SON_BANDS)
def test_dong_son_k_and_title_at_both_edges(rating, k, code):
    system = get_definition("dong-son")
    assert k_factor(system, np.array([rating]), np.array([0]))[0] == k
    assert system.title_of(rating).code == code


# Two players at 1000 (K 30, P .5).  A Tiến Cung win by Thuỷ (white): white
# 1000 + 0.7 + L × 30 × 0.5, black 1000 − 0.7 − L × 15; by Sơn (black): black
# 1000 + 1 + L × 15, white 1000 − 1 − L × 15.
TIEN_CUNG = [
    ("club", "1", 1015.7, 984.3), ("province", "1", 1018.7, 981.3),
    ("national", "1", 1023.2, 976.8), ("continental", "1", 1030.7, 969.3),
    ("world", "1", 1030.7, 969.3),
    ("club", "0", 984.0, 1016.0), ("province", "0", 981.0, 1019.0),
    ("national", "0", 976.5, 1023.5), ("world", "0", 969.0, 1031.0),
]


@pytest.mark.parametrize(("level", "code", "white", "black"), TIEN_CUNG)
def test_dong_son_tien_cung_by_each_side_at_each_level(level, code, white, black):
    event = make_event([1000, 1000], [(1, 1, 2, code)], methods=[TC])
    result = rate(event, RateRequest(system="dong-son", settings={"level": level}))
    assert (_row(result, 1)["new_rating"], _row(result, 2)["new_rating"]) == (white, black)
    bonus = 0.7 if code == "1" else -1.0
    assert _game(result, 1)["bonus"] == bonus and _game(result, 2)["bonus"] == -bonus


def test_dong_son_level_from_the_event_sheet():
    event = make_event([1000, 1000], [(1, 1, 2, "1")], methods=[TC],
                       settings={"level": "national"})
    assert _row(rate(event, "dong-son"), 1)["new_rating"] == 1023.2


def test_dong_son_other_wins_have_no_bonus():
    # A checkmate-type win (chiếu hạ) and an adjudicated win: R = 0, rated as wins.
    for method in (WinMethod.CHIEU_HA, WinMethod.ADJUDICATED):
        event = make_event([1000, 1000], [(1, 1, 2, "1")], methods=[method])
        result = rate(event, "dong-son")
        assert (_row(result, 1)["new_rating"], _row(result, 2)["new_rating"]) == (1015.0, 985.0)


def test_dong_son_both_declared_lost_costs_both():
    # 0-0: S = 0 for both: 1000 − 30 × 0.5 = 985.0 each.
    result = rate(make_event([1000, 1000], [(1, 1, 2, "00")]), "dong-son")
    assert (_row(result, 1)["new_rating"], _row(result, 2)["new_rating"]) == (985.0, 985.0)
    # ...and FIDE rates such a game for nobody.
    fide = rate(make_event([2000, 2000], [(1, 1, 2, "00")]), "fide-2024")
    assert fide.players["games_rated"].tolist() == [0, 0]


def test_dong_son_draw():
    # 670 (K 33) draws 1000 (K 30): P = 0.2403 / 0.7597.
    # 670 + 33 × (0.5 − 0.2403) = 678.57 → 678.6; 1000 + 30 × (0.5 − 0.7597) = 992.21 → 992.2.
    result = rate(make_event([670, 1000], [(1, 1, 2, "=")]), "dong-son")
    assert (_row(result, 1)["new_rating"], _row(result, 2)["new_rating"]) == (678.6, 992.2)
    assert (_row(result, 1)["title_before"], _row(result, 1)["title_after"]) == ("T2", "T2")


def test_dong_son_new_player_starts_at_660_as_t2():
    result = rate(make_event([None, 660], [(1, 1, 2, "=")]), "dong-son")
    assert _row(result, 1)["start_rating"] == 660 and _row(result, 1)["new_rating"] == 660.0


@pytest.mark.parametrize(("minutes", "change"), [(32, 15.0), (33, 30.0)])
def test_dong_son_training_points_take_l_from_the_time_control(minutes, change):
    # Under 33 minutes per side: Cờ Nhanh, L 1; from 33: Cờ Sâu, L 2.  K 30, P .5, a win.
    event = make_event([1000, 1000], [(1, 1, 2, "1")], minutes=[minutes])
    result = rate(event, RateRequest(system="dong-son", settings={"level": "training"}))
    assert _row(result, 1)["new_rating"] == 1000 + change


def test_dong_son_unknown_level_is_an_input_error():
    event = make_event([1000, 1000], [(1, 1, 2, "1")])
    with pytest.raises(InputError, match="unknown level; found 'galactic'"):
        rate(event, RateRequest(system="dong-son", settings={"level": "galactic"}))


# --- Thiên Kỳ Đạo (seed 003) -----------------------------------------------------------


def test_thien_ky_dao_k_changes_from_32_to_16_at_the_31st_game():
    # Player 1 has 29 games: his 30th game (round 1) has K 32, his 31st (round 2) K 16.
    players = [{"games": 29}, {"games": 100}, {"games": 100}]
    event = make_event([1000, 1000, 1000], [(1, 1, 2, "1"), (2, 1, 3, "1")], players=players)
    result = rate(event, "thien-ky-dao")
    assert (_game(result, 1, 1)["k"], _game(result, 1, 2)["k"]) == (32, 16)
    # 1000 + 32 × 0.5 = 1016; then E(1016 vs 1000) = 0.5230: 1016 + 16 × 0.4770 = 1023.6 → 1024.
    assert _row(result, 1)["new_rating"] == 1024


@pytest.mark.parametrize(("level", "rating", "new"), [
    (1, 800, 1008),  # E(1000 vs 800) = .7597: 1000 + 32 × .2403 = 1007.7 → 1008
    (2, 1200, 1024),  # E = .2403: 1000 + 32 × .7597 = 1024.3 → 1024
    (3, 1600, 1031),  # E = .0307: 1000 + 32 × .9693 = 1031.0
    (4, 2000, 1032),  # E = .0032: 1000 + 32 × .9968 = 1031.9 → 1032
    (5, 2400, 1032),  # E = .0003: 1000 + 32 × .9997 = 1031.99 → 1032
])
def test_thien_ky_dao_games_against_each_ai_level(level, rating, new):
    # Player 1 is new in the pool (0 games): K 32.
    event = make_event([1000, None], [(1, 1, 2, "1")], players=[{"games": 0}, {}])
    ai = Player(index=1, id=f"AI-{level}", name=f"AI-{level}", fixed_rating=True)
    event = replace(event, players=(event.players[0], ai))
    result = rate(event, "thien-ky-dao")
    assert _row(result, 1)["new_rating"] == new
    ai_row = _row(result, f"AI-{level}")
    assert ai_row["rating"] == ai_row["new_rating"] == rating  # the AI never moves


@pytest.mark.parametrize(("rating", "tier"), [(1199, "Sơ Kỳ"), (1200, "Kỳ Sĩ"), (1599, "Kỳ Sĩ"),
                                              (1600, "Kỳ Tướng"), (1999, "Kỳ Tướng"),
                                              (2000, "Đại Sư"), (2399, "Đại Sư"),
                                              (2400, "Kỳ Thánh")])
def test_thien_ky_dao_tier_at_each_boundary(rating, tier):
    assert get_definition("thien-ky-dao").title_of(rating).code == tier


def test_a_draw_in_go_is_an_input_error():
    event = make_event([1000, 1000], [(1, 1, 2, "=")], settings={"pool": "go"})
    with pytest.raises(InputError, match="a draw in round 1 between players 1 and 2, but go"):
        rate(event, "thien-ky-dao")
    # Draws are legal in xiangqi and othello.
    assert rate(event, RateRequest(system="thien-ky-dao", settings={"pool": "othello"})).players[
        "new_rating"].tolist() == [1000, 1000]


def test_games_are_rated_round_by_round_in_order():
    # Tượng Kỳ, K 25 (new players, 1000).  Round 1: 1 beats 2 → 1012.5 → 1012, 2 → 987.
    # Round 2: 1 (1012) beats 3 (1000): E = 0.5173 → 1012 + 25 × 0.4827 = 1024.07 → 1024.
    event = make_event([None, None, None], [(1, 1, 2, "1"), (2, 1, 3, "1")])
    result = rate(event, "tuong-ky")
    assert _game(result, 1, 2)["rating_before"] == 1012
    assert _row(result, 1)["new_rating"] == 1024


# --- Systems as data -------------------------------------------------------------------

DATA = Path(__file__).parents[1] / "data"
SAMPLE = SAMPLES / "held_c07_swiss5.trf"


def test_a_clubs_own_system_file_rated_end_to_end():
    # K 24, divisor 480, per event: Bruno (2150) meets 1750 (W), 1900 (W), 2200 (½),
    # 1450 (W), 2100 (½): E = .8720 + .7684 + .4403 + .9664 + .5597 = 3.6068;
    # 2150 + 24 × (4 − 3.6068) = 2159.44 → 2159.
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(SAMPLE), "--system",
         str(DATA / "club-k24.toml"), "--format", "json"],
        capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["event"]["system"] == "club-k24"
    bruno = next(p for p in data["players"] if p["id"] == 2)
    assert round(bruno["expected"], 4) == 3.6068 and bruno["new_rating"] == 2159


@pytest.mark.parametrize(("name", "message"), [
    ("broken-missing-divisor.toml", "key 'expected.divisor': is missing, expected a number"),
    ("broken-k-type.toml", "key 'k.bands[0].k': has the wrong type; found 'twenty', "
                           "expected a number"),
    ("broken-unknown-key.toml", "key 'rounding.decimal': is not a known key, expected only "
                                "the keys documented for it"),
])
def test_broken_system_files_name_the_key_and_the_reason(name, message):
    done = subprocess.run(
        [sys.executable, "-m", "tournament_elo", "rate", str(SAMPLE), "--system",
         str(DATA / name)], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: {DATA / name}: {message}"


def test_systems_command_lists_and_explains():
    listing = subprocess.run([sys.executable, "-m", "tournament_elo", "systems"],
                             capture_output=True, text=True, check=False).stdout
    for name in ("fide-2009", "fide-2025-blitz", "tuong-ky", "dong-son", "thien-ky-dao"):
        assert f"\n{name} " in listing
    rules = subprocess.run([sys.executable, "-m", "tournament_elo", "systems", "dong-son"],
                           capture_output=True, text=True, check=False).stdout
    assert "kept within [0.01, 0.99]" in rules and "winner +0.7, loser -0.7" in rules
    assert "title DST: Đông Sơn Kỳ Thánh – Dong Son Generalissimo, the top" in rules


def test_an_event_without_results_yet_rates_to_no_change():
    # Pairings of round 1 with no results: nothing to rate, every rating unchanged.
    event = make_event([1500, 1400], [(1, 1, 2, "1")])
    pending = replace(event, pairings=replace(event.pairings,
                                              result=np.full(2, 12, dtype=np.int64)))
    assert rate(pending, "tuong-ky").players["new_rating"].tolist() == [1500, 1400]


def test_an_ai_opponent_the_system_does_not_define_is_an_error():
    event = make_event([1000, None], [(1, 1, 2, "1")])
    ai = Player(index=1, id="AI-3", name="AI-3", fixed_rating=True)
    with pytest.raises(InputError, match=r"AI-3 is a fixed-rated opponent .* tuong-ky does not"):
        rate(replace(event, players=(event.players[0], ai)), "tuong-ky")


def test_each_built_in_file_is_named_after_the_system_it_defines():
    """The registry finds a built-in system by its file's name (a FIDE event reads only
    the ``fide-*`` files): every file defines the system it is named after (a FIDE
    edition also its rapid and blitz variants), the ``fide-*`` files are exactly the FIDE
    editions, and every name ``systems`` lists is found."""
    from tournament_elo.systems.catalog import built_in_entries, built_in_files
    from tournament_elo.systems.registry import system_named

    files = {path.stem for path in built_in_files()}
    assert files == {"dong-son", "fide-2009", "fide-2014", "fide-2022", "fide-2024",
                     "fide-2025", "thien-ky-dao", "tuong-ky"}
    for entry in built_in_entries():
        variant = entry.name.removesuffix("-rapid").removesuffix("-blitz")
        assert entry.path.stem == (variant if entry.engine == "fide" else entry.name)
        assert (entry.engine == "fide") == entry.path.stem.startswith("fide-")
        assert system_named(entry.name).name == entry.name
    assert len(built_in_entries()) == 5 * 3 + 3  # five editions by three speeds, three more
    with pytest.raises(InputError, match="unknown rating system"):
        system_named("../data/fide-2024")  # a name, never a path out of the package


def test_the_built_in_files_pass_the_guard_a_users_file_goes_through():
    """The package's own files are read without :func:`check_shape` (a loop per
    character, a fifth of reading the five FIDE editions): every one of them passes it."""
    from tournament_elo.systems.catalog import built_in_files
    from tournament_elo.systems.definition_file import check_shape

    for path in built_in_files():
        check_shape(path.read_text(encoding="utf-8"), str(path))  # raises if not


@pytest.mark.parametrize("system", ["fide-2024", "tuong-ky"])
def test_a_rated_event_crosses_a_process_whole(system):
    """A library user may rate events in a pool of processes: the result (its figures,
    standings and the system's report terms, records whose empty defaults are shared)
    pickles and comes back giving the same JSON.  Under fide-2024 the sample's Bruno
    gains 7.0 (FIDE's C.07 exercise, as the README shows)."""
    import pickle

    from tournament_elo.read.detect import read_event
    from tournament_elo.render.json import to_json

    result = rate(read_event(SAMPLE), system)
    again = pickle.loads(pickle.dumps(result))
    assert to_json(again) == to_json(result)
    if system == "fide-2024":
        assert to_json(again)["players"][0]["change"] == 7.0
