"""One rendering layer for every output: value formatting (:mod:`.format`), the view
model of an event's report (:mod:`.view`), charts (:mod:`.charts`), the HTML pages
through Jinja (:mod:`.html`), the sheets and CSV copies (:mod:`.tables`), the JSON
result (:mod:`.json`), the terminal table (:mod:`.terminal`) and atomic file writing
(:mod:`.writers`), used by ``rate --out`` (:mod:`.report`), the terminal and the
published site alike.

Each module imports only what it needs, so ``rate --format json`` does not load Jinja
or the spreadsheet writer.
"""
