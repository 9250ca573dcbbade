"""HTML through Jinja: one template environment for the event reports, the site and the
desk, autoescaping everything a user wrote (names are never markup).  The templates say
their words through Jinja's i18n extension (``{{ _("Name") }}``, ``pgettext``), looked up
in the catalogue of the page's language: the one environment renders every language, so
each page is given its language's functions (:func:`~..i18n.catalog.template_functions`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import jinja2

from ..i18n.catalog import template_functions
from .collector import without_collector
from .markup import crosstable_body, crosstable_style, event_report_body, starting_rank_body
from .prizes import prize_rows
from .sections import report_data
from .view import ReportView, build_context

if TYPE_CHECKING:
    from ..rating.engine import RatingResult


#: A line break with the indentation and blank lines after it.
_INDENT = re.compile(r"\n\s+")


def _loader() -> jinja2.BaseLoader:
    """The templates of every page (reports, the site under ``site/``, the desk under
    ``desk/``): the folder ``templates`` beside this module."""
    return jinja2.PackageLoader("tournament_elo.render", "templates")


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Jinja's compiled templates kept between runs (in the user's private temporary
    folder, which Jinja checks), so that a report does not compile its template again;
    none where that folder cannot be made safely."""
    try:
        return jinja2.FileSystemBytecodeCache()
    except (OSError, RuntimeError):
        return None


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=_loader(), autoescape=True, undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        bytecode_cache=_bytecode_cache(),
    )
    # The long tables' bodies, written by :mod:`.markup` from the page's context.
    env.globals.update(
        crosstable_body=jinja2.pass_context(crosstable_body),
        crosstable_style=jinja2.pass_context(crosstable_style),
        starting_rank_body=jinja2.pass_context(starting_rank_body),
        event_report_body=event_report_body,
    )
    return env


@without_collector
def render(template: str, context: Mapping[str, Any], **more: Any) -> str:
    """A template of the reports, the site (``site/…``) or the desk (``desk/…``) filled in,
    its words in the page's language (its ``lang``)."""
    lang = more["lang"] if "lang" in more else context["lang"]
    return environment().get_template(template).render(context, **more,
                                                       **template_functions(lang))


#: The files a page rendered with ``assets`` links, by name, and the templates' files
#: they hold.
LINKED_ASSETS = {"report.css": "report.css", "report.js": "sections.js"}


def asset(name: str) -> bytes:
    """A static file among the templates (the site's CSS and script)."""
    env = environment()
    assert env.loader is not None
    return env.loader.get_source(env, name)[0].encode("utf-8")


@without_collector
def render_html(result: RatingResult, lang: str, notes: Mapping[Any, str] | None = None,
                view: ReportView | None = None, assets: str | None = None) -> str:
    """The event's report page: crosstable, prizes, rating report, pairings, norms, a
    section per player (``notes``: a text per player id shown in his section); the pairings and
    the players' sections are drawn by the page's script from its data block
    (:mod:`.sections`).

    The template's indentation is dropped from the page (it has no ``<pre>``, so a line
    break shows as the same space): a 500-player page is a tenth smaller.

    The page holds its style and script, and stands alone; ``assets`` (a folder's
    address ending in ``/``) links them instead, as ``report.css`` and ``report.js``
    there (:data:`LINKED_ASSETS`): a site's pages share them."""
    context = build_context(result, lang, notes, view)
    page = render("report.html.j2", context, data=report_data(context), assets=assets,
                  prizes=prize_rows(result, lang))
    return _INDENT.sub("\n", page)
