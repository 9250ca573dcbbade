"""The names of the input formats, apart from their readers: the command line lists
them in its help without importing a reader."""

FORMATS = ("trf", "csv", "xlsx", "pgn", "crosstable-xlsx", "xls", "chessresults-html")
