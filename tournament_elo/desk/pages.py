"""The desk's pages, through the report's rendering layer: the view model of
:func:`~tournament_elo.render.view.build_context`, the report's sections
(``templates/sections.html.j2``) and its style sheet, under ``templates/desk/``.

Each view is rendered once per version of an event and language (:meth:`DeskEvent.cached`):
the twenty screens of a playing hall share one rendering.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

from markupsafe import Markup

from ..errors import InputError
from ..render.format import fmt_points, missing
from ..render.html import render
from ..render.json import present
from ..render.prizes import prize_rows
from ..render.sections import report_data
from ..render.view import build_context
from ..systems.fide.average_rule import UNRATED_OPPONENTS_SETTING, AverageRule, UnratedOpponents
from ..systems.fide.norm_events import NORM_EVENT_SETTING, NORM_EVENTS
from ..systems.registry import get_system, system_names
from .state import SETTING_FIELD, Desk, DeskEvent, given_inputs

#: The views of an event: (URL part, template); ``""`` is the standings.
VIEWS = {"": "desk/standings.html.j2", "wall": "desk/wall.html.j2",
         "print": "desk/print.html.j2", "player": "desk/player.html.j2"}
#: What a page served to the network (``--host`` not loopback) shows.
READ_ONLY_VIEWS = frozenset({"", "wall"})
TIEBREAK_RULES = ("2026", "2024", "2023", "pre2023")
#: The settings the options form has a field of its own for (``--norm-event``,
#: ``--unrated-opponents``), not among the system's settings (``--set``).
OWN_FIELDS = frozenset({NORM_EVENT_SETTING, UNRATED_OPPONENTS_SETTING})


def event_context(event: DeskEvent) -> dict[str, Any] | None:
    """The report's view model of the event's last good result and the desk's additions
    (``None`` before the file was ever read)."""
    result = event.result
    if result is None:
        return None
    lang = event.options.lang

    def make() -> dict[str, Any]:
        assert result is not None
        context = build_context(result, lang)
        played = result.event.rounds_played
        context["after"] = played
        context["holding"] = holding(result)
        context["prizes"] = prize_rows(result, lang)
        # The pairings are made only where a round is paired beyond the last played.
        context["next_round"] = next((day for day in context["pairings"]
                                      if day.round == played + 1 and day.white),
                                     None) if played + 1 in context["rounds"] else None
        return context

    context: dict[str, Any] = event.cached(("context", lang), make)
    return context


def holding(result: Any) -> dict[str, dict[str, str]]:
    """Player id → what he needs over the games played to keep his rating (the system's
    ``need`` figure) and how much of it is still to score; empty for a system without it."""
    table = result.player_table
    fields = present(table, ("id", "need", "score_rated"))
    if "need" not in fields:
        return {}
    out = {}
    for p in table.records(fields):
        need, score = p["need"], p.get("score_rated")
        if missing(need):
            continue
        still = max(0.0, float(need) - float(score or 0))
        out[str(p["id"])] = {"need": fmt_points(need), "still": fmt_points(still)}
    return out


def setting_fields(desk: Desk, event: DeskEvent) -> list[tuple[str, tuple[str, ...], str]]:
    """The system settings the options form offers (``--set``): each setting the chosen
    system reads, with its values (none: any text) and the value chosen, and each setting
    chosen that it does not read (so that it can be taken back); ``--norm-event`` and
    ``--unrated-opponents`` have fields of their own."""
    def make() -> dict[str, tuple[str, ...]]:
        try:
            system = get_system(given_inputs(event.options, desk.given)[0])
        except InputError:  # said where the event is rated
            return {}
        return {key: values for key, values in system.setting_choices.items()
                if key not in OWN_FIELDS}

    choices: dict[str, tuple[str, ...]] = event.cached(("settings",), make)
    chosen = dict(event.options.settings)
    return [(key, choices.get(key, ()), chosen.get(key, "")) for key in {**choices, **chosen}]


def shell(desk: Desk, event: DeskEvent | None, view: str, readonly: bool) -> dict[str, Any]:
    """What the page around an event's view shows: the events, the views, the options."""
    lang = event.options.lang if event is not None else desk.lang
    return {
        "lang": lang, "desk": desk, "event": event, "view": view,
        "readonly": readonly, "systems": [*system_names(), *desk.systems],
        "tiebreak_rules": TIEBREAK_RULES, "lists": list(desk.lists),
        "orders": list(desk.orders), "prize_tables": list(desk.prizes),
        "norm_events": list(NORM_EVENTS),
        "unrated_opponents": list(UnratedOpponents), "average_rules": list(AverageRule),
        "setting_field": SETTING_FIELD,
        "settings": setting_fields(desk, event) if event is not None else [],
        "rounds": list(range(1, event.rounds_in_file + 1)) if event is not None else [],
    }


def fragment(event: DeskEvent, view: str, player: str = "", readonly: bool = False) -> str:
    """The part of an event's page that follows the file: rendered once per version."""
    def make() -> str:
        context = event_context(event)
        place = context["sections"].place(player) if context is not None and player else None
        selected = None if place is None else {"anchor": player}
        # The player's section is drawn by the report's script from its data block.
        data = "" if context is None or place is None else report_data(
            context, [place], pairings=False)
        return render(VIEWS[view], context or {}, lang=event.options.lang,
                      good=context is not None, view_facts=view in ("", "print"),
                      problems=event.problems(), key=event.key, selected=selected,
                      readonly=readonly, version=event.version, data=data)

    text: str = event.cached(("fragment", event.options.lang, view, player, readonly), make)
    return text


def page(desk: Desk, event: DeskEvent | None, view: str, player: str = "",
         readonly: bool = False) -> str:
    """A whole page: the shell, and the event's view inside it."""
    main = Markup(fragment(event, view, player, readonly)) if event is not None else Markup("")
    return render("desk/page.html.j2", shell(desk, event, view, readonly), main=main,
                  version=event.version if event is not None else 0,
                  stream=f"/e/{event.key}/stream" if event is not None else "")


def report_zip(event: DeskEvent) -> bytes:
    """The report set of ``rate --out`` in one ZIP (of the last good result)."""
    from ..render.report import report_files

    assert event.result is not None
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in report_files(event.result, event.options.lang).items():
            archive.writestr(name, data)
    return buffer.getvalue()


def submission_trf(event: DeskEvent) -> bytes:
    """The event as FIDE's TRF (2016) for rating submission, as ``convert --to trf16``
    writes it."""
    from ..write.trf import write_trf

    assert event.result is not None
    return write_trf(event.result.event, "trf16", []).encode("utf-8")
