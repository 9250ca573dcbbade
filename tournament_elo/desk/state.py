"""The desk's events: the files the arbiter opened or dropped, each rated under the
options chosen on its page, with its last good rating and the problems of its file as
it is now (bad input never takes the last good standings off the screen)."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

from ..errors import InputError, Place, Problems, TournamentEloError
from ..i18n.messages import problem_lines, say
from ..rating.engine import RatingResult, rate
from ..rating.last_resort import is_draw, lots_seed
from ..rating.request import RateRequest, parse_day
from ..read.detect import read_event, read_ratings
from ..read.prizes import read_prize_table
from ..read.sheet_files import input_files
from ..read.values import MAX_RATING, whole
from ..render.writers import write_atomic
from ..systems.fide.average_rule import AverageRule
from ..systems.registry import system_names

#: The files of a folder given to ``serve`` that are opened as events.
EVENT_SUFFIXES = frozenset({".trf", ".txt", ".csv", ".xlsx", ".xls", ".pgn", ".html", ".htm"})
#: A sheet's companion files, read with its games file rather than as events of their own.
COMPANION_ENDINGS = ("-players.csv", "-event.csv")
#: Where the options chosen on each event's page are kept (by the event file's path).
SETTINGS_FILE = "settings.json"
#: The folder of the work folder that keeps the dropped files.
DROPPED = "dropped"


#: A form's field of a system setting: ``set:KEY`` (``--set KEY=VALUE``).
SETTING_FIELD = "set:"


@dataclass(frozen=True)
class Options:
    """What the page lets the arbiter choose for an event: ``rate``'s options, each as the
    text of its field; empty text means the default ``rate`` would take (the usual
    tie-breaks, the edition in force, no rating list, the last round played, the file's
    date, lots and final order, no prize list).  ``ratings``, ``system``, ``order`` and
    ``prizes`` name files the desk was given; ``lots`` is a seed (``draw`` is drawn once,
    when chosen: :func:`with_lots_drawn`); ``settings`` the system's own, in the order
    given."""

    system: str = "fide"
    tiebreaks: str = ""
    tiebreak_rules: str = ""
    ratings: str = ""
    lang: str = "en"
    round: int = 0
    date: str = ""
    lots: str = ""
    order: str = ""
    norm_event: str = ""
    unrated_rating: str = ""
    unrated_opponents: str = ""
    average_rule: str = AverageRule.PLAIN.value
    settings: tuple[tuple[str, str], ...] = ()
    prizes: str = ""

    @classmethod
    def from_mapping(cls, data: Any, default: Options) -> Options:
        """The options in ``data`` (a form or the saved file), the default's for a key that
        is missing or of the wrong kind."""
        if not isinstance(data, dict):
            return default
        kept: dict[str, Any] = {}
        for f in fields(cls):
            value = data.get(f.name)
            if f.name == "round":
                text = str(value or "0").strip()
                if text.isdigit():
                    kept[f.name] = int(text)
            elif f.name == "settings":
                settings = _settings_in(data)
                if settings is not None:
                    kept[f.name] = settings
            elif isinstance(value, str):
                kept[f.name] = value.strip()
        if kept.get("lang") not in ("en", "vi"):
            kept.pop("lang", None)
        return replace(default, **kept)

    def saved(self) -> dict[str, Any]:
        """The options as the settings file keeps them (the settings as an object)."""
        return {**asdict(self), "settings": dict(self.settings)}


def _settings_in(data: dict[Any, Any]) -> tuple[tuple[str, str], ...] | None:
    """The settings a form gives (its ``set:KEY`` fields, an empty one unset) or the
    settings file keeps (an object); ``None`` where ``data`` gives none."""
    if any(isinstance(k, str) and k.startswith(SETTING_FIELD) for k in data):
        pairs = [(k.removeprefix(SETTING_FIELD), v) for k, v in data.items()
                 if isinstance(k, str) and k.startswith(SETTING_FIELD)]
    elif isinstance(data.get("settings"), dict):
        pairs = list(data["settings"].items())
    else:
        return None
    return tuple((k.strip(), v.strip()) for k, v in pairs
                 if isinstance(k, str) and isinstance(v, str) and k.strip() and v.strip())


def with_lots_drawn(options: Options) -> tuple[Options, int | None]:
    """``options`` with a seed drawn now where they ask for a drawing (``draw``), so that
    every reading of the file draws the same lots; and the seed drawn, if one was."""
    if not is_draw(options.lots):
        return options, None
    seed = lots_seed(options.lots)
    return replace(options, lots=str(seed)), seed


@dataclass(frozen=True)
class GivenFiles:
    """The files the desk was given (on the command line, or dropped on the page), by their
    names on the page: rating lists, system definitions, final orders, prize tables."""

    lists: Mapping[str, Path]
    systems: Mapping[str, Path]
    orders: Mapping[str, Path]
    prizes: Mapping[str, Path] = field(default_factory=dict)

    def paths(self) -> list[Path]:
        return [*self.lists.values(), *self.systems.values(), *self.orders.values(),
                *self.prizes.values()]


class Inputs(NamedTuple):
    """What ``options`` name: the system ``rate`` is given, and the files read (``None``:
    none chosen)."""

    system: str
    ratings: Path | None
    order: Path | None
    prizes: Path | None


def given_inputs(options: Options, given: GivenFiles) -> Inputs:
    """The system ``rate`` is given, the rating list, the final order file and the prize
    table read under ``options``, which name them: a system of the catalogue, or a file
    given to the desk.  Any other value, a path too, is refused before a file is looked
    at: the refusal is the same whether or not such a file exists."""
    problems = Problems()
    system = options.system or "fide"
    if system in given.systems:
        system = str(given.systems[system])
    elif system not in system_names():
        problems.add(InputError(
            "not a rating system of the desk", Place("system"), found=repr(system),
            expected="a system of 'tournament-elo systems', or a definition file given "
            "with 'serve --system' or dropped on the page"))
    listed = given.lists.get(options.ratings)
    if options.ratings and listed is None:
        problems.add(InputError(
            "not a rating list of the desk", Place("ratings"), found=repr(options.ratings),
            expected="a rating list given with 'serve --ratings' or dropped on the page"))
    order = given.orders.get(options.order)
    if options.order and order is None:
        problems.add(InputError(
            "not a final order of the desk", Place("order"), found=repr(options.order),
            expected="a final order given with 'serve --order' or dropped on the page"))
    prizes = given.prizes.get(options.prizes)
    if options.prizes and prizes is None:
        problems.add(InputError(
            "not a prize table of the desk", Place("prizes"), found=repr(options.prizes),
            expected="a prize table given with 'serve --prizes' or dropped on the page"))
    problems.raise_any()
    return Inputs(system, listed, order, prizes)


def desk_request(options: Options, given: GivenFiles) -> tuple[RateRequest, Inputs]:
    """The request ``rate`` is given under ``options`` (every problem of its fields at
    once), but its rating list and prize table: the files to read them from
    (``Inputs.ratings``, ``Inputs.prizes``), if chosen."""
    problems = Problems()
    inputs = problems.checked(lambda: given_inputs(options, given),
                              Inputs("fide", None, None, None))
    system, order = inputs.system, inputs.order
    day = problems.checked(lambda: parse_day(options.date or None, "--date"), None)
    unrated = problems.checked(lambda: whole(options.unrated_rating, Place(
        "--unrated-rating"), "rating", MAX_RATING), None)
    if options.lots and not is_draw(options.lots):  # a drawing is drawn when chosen
        problems.checked(lambda: lots_seed(options.lots), 0)
    problems.raise_any()
    return RateRequest(
        system=system, tiebreaks=options.tiebreaks or None,
        tiebreak_rules=options.tiebreak_rules or None, unrated_rating=unrated,
        unrated_opponents=options.unrated_opponents or None,
        average_rule=options.average_rule, after_round=options.round or None, date=day,
        lots=options.lots or None, order=order, norm_event=options.norm_event or None,
        settings=dict(options.settings)), inputs


def rate_file(path: Path, options: Options, given: GivenFiles) -> tuple[RatingResult, int]:
    """Read and rate an event file as ``rate`` does with these options; and how many
    rounds the file has played (the rounds the page may go back to)."""
    request, inputs = desk_request(options, given)
    event = read_event(path)
    ratings = read_ratings(inputs.ratings) if inputs.ratings is not None else None
    prizes = read_prize_table(inputs.prizes) if inputs.prizes is not None else None
    result = rate(event, replace(request, ratings=ratings, prizes=prizes))
    result.player_table  # noqa: B018 - the tables are computed here, not while a page waits
    return result, event.rounds_played


def error_lines(error: Exception, lang: str) -> list[str]:
    """An error as the command line says it: located, in ``lang``."""
    if isinstance(error, InputError):
        return problem_lines(error, lang)
    if isinstance(error, OSError):
        return [f"{error.filename}: {say('cannot read the file', lang)} ({error.strerror})"]
    if isinstance(error, TournamentEloError):
        return str(error).split("\n")
    return [f"internal error: {type(error).__name__}: {error} "
            "(please report this with the input file)"]


class DeskEvent:
    """One opened event: its file, options, last good result and current problems.

    ``version`` grows with every reading of the file or change of options; the rendered
    pages of a version are kept in ``cache`` (every viewer of the wall shares one).
    """

    def __init__(self, key: str, path: Path, options: Options) -> None:
        self.key = key
        self.path = path
        self.options = options
        self.result: RatingResult | None = None
        self.error: Exception | None = None
        self.rounds_in_file = 0
        self.version = 0
        self.lock = threading.RLock()  # one rendering of a version, however many viewers
        self.cache: dict[tuple[Any, ...], Any] = {}

    @property
    def name(self) -> str:
        return self.result.event.name if self.result is not None else self.path.name

    @property
    def files(self) -> set[Path]:
        """Every file the event is read from (a sheet's companions too)."""
        return {p.resolve() for p in input_files(self.path)}

    def problems(self) -> list[str]:
        return [] if self.error is None else error_lines(self.error, self.options.lang)

    def load(self, given: GivenFiles) -> None:
        """Read and rate the file as it is now; bad input keeps the last good result."""
        try:
            result, self.rounds_in_file = rate_file(self.path, self.options, given)
        except Exception as exc:  # a bug too is said on the page, as the CLI says it
            with self.lock:
                self.error = exc
                self._changed()
            return
        with self.lock:
            self.result, self.error = result, None
            self._changed()

    def _changed(self) -> None:
        self.version += 1
        self.cache.clear()

    def cached(self, key: tuple[Any, ...], make: Any) -> Any:
        """``make()`` once per version and ``key``."""
        with self.lock:
            full = (self.version, *key)
            if full not in self.cache:
                self.cache[full] = make()
            return self.cache[full]


class Desk:
    """The opened events, the rating lists, system definition files, final orders and
    prize tables they may use (by their names on the page), and the work folder that keeps
    the dropped files and the options chosen per event."""

    def __init__(self, work: Path, lang: str, lists: Iterable[Path] = (),
                 systems: Iterable[Path] = (), orders: Iterable[Path] = (),
                 prizes: Iterable[Path] = ()) -> None:
        self.work = work
        self.lang = lang
        self.events: dict[str, DeskEvent] = {}
        self.lists: dict[str, Path] = {}
        self.systems: dict[str, Path] = {}
        self.orders: dict[str, Path] = {}
        self.prizes: dict[str, Path] = {}
        for path in lists:
            self.add_list(path)
        for path in systems:
            self.add_system(path)
        for path in orders:
            self.add_order(path)
        for path in prizes:
            self.add_prizes(path)
        try:
            saved = json.loads((work / SETTINGS_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            saved = {}
        self.saved: dict[str, Any] = saved if isinstance(saved, dict) else {}

    def default_options(self) -> Options:
        return Options(lang=self.lang, ratings=next(iter(self.lists), ""),
                       prizes=next(iter(self.prizes), ""))

    def add_list(self, path: Path) -> str:
        """A rating list the page may choose; its name there."""
        return _named(self.lists, path)

    def add_system(self, path: Path) -> str:
        """A system definition file the page may choose; its name there."""
        return _named(self.systems, path)

    def add_order(self, path: Path) -> str:
        """A final order file the page may choose; its name there."""
        return _named(self.orders, path)

    def add_prizes(self, path: Path) -> str:
        """A prize table the page may choose; its name there."""
        return _named(self.prizes, path)

    @property
    def given(self) -> GivenFiles:
        return GivenFiles(self.lists, self.systems, self.orders, self.prizes)

    def open(self, path: Path) -> DeskEvent:
        """Open an event file (once: the same file again is the same event) and rate it."""
        path = path.resolve()
        for known in self.events.values():
            if known.path == path:
                return known
        options, drawn = with_lots_drawn(
            Options.from_mapping(self.saved.get(str(path)), self.default_options()))
        event = DeskEvent(str(len(self.events) + 1), path, options)
        self.events[event.key] = event
        if drawn is not None:  # 'draw' written in the settings file: drawn once
            self._keep(event)
        event.load(self.given)
        return event

    def open_folder(self, folder: Path) -> list[DeskEvent]:
        """Every event file of a folder, in name order, side by side."""
        return [self.open(p) for p in sorted(folder.iterdir()) if is_event_file(p)]

    def choose(self, event: DeskEvent, options: Options) -> None:
        """Rate the event under new options and keep them for the next time it is opened
        (the lots drawn now where they ask for a drawing: each reading of the file then
        draws the same); options naming a file the desk was not given are refused
        (:class:`InputError`) and kept nowhere."""
        given_inputs(options, self.given)
        event.options, _ = with_lots_drawn(options)
        self._keep(event)
        event.load(self.given)

    def _keep(self, event: DeskEvent) -> None:
        """The event's options in the settings file, for the next time it is opened."""
        self.saved[str(event.path)] = event.options.saved()
        self.work.mkdir(parents=True, exist_ok=True)
        write_atomic(self.work / SETTINGS_FILE,
                     (json.dumps(self.saved, indent=1, ensure_ascii=False) + "\n").encode())

    def folders(self) -> set[Path]:
        """The folders holding the opened files: what is watched."""
        files = [f for e in self.events.values() for f in e.files]
        return {f.parent for f in (*files, *self.given.paths())}

    def new_dropped(self, name: str) -> tuple[Path, BinaryIO]:
        """A new file of the work folder for a dropped file, under its own name and never
        over another file (a name taken gets -2, -3, … before its suffix), opened for
        writing."""
        folder = self.work / DROPPED
        folder.mkdir(parents=True, exist_ok=True)
        stem, suffix = safe_name(name)
        n = 1
        while True:
            path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
            try:
                return path, path.open("xb")  # exclusive: an existing file is never opened
            except FileExistsError:
                n += 1


def _named(files: dict[str, Path], path: Path) -> str:
    """``path`` among ``files`` under its file name (``_`` before it while another file
    has the name); the name."""
    name = path.name
    while name in files and files[name] != path.resolve():
        name = "_" + name
    files[name] = path.resolve()
    return name


def is_event_file(path: Path) -> bool:
    name = path.name.lower()
    return (path.is_file() and path.suffix.lower() in EVENT_SUFFIXES
            and not name.startswith(".") and not name.endswith(COMPANION_ENDINGS))


def safe_name(name: str) -> tuple[str, str]:
    """A dropped file's name as a plain file name of the work folder: no folders, only
    letters, digits, ``.``, ``-`` and ``_`` (the suffix kept: it hints at the format)."""
    base = re.sub(r"[^\w.-]+", "_", Path(name.replace("\\", "/")).name).strip("._") or "event"
    path = Path(base[:80])
    return path.stem or "event", path.suffix

