"""The database commands' defaults and choices, apart from the database code: the
command line shows them in its help without importing sqlite, numpy or the systems."""

DEFAULT_DB = "ratings.db"
#: The environment variable that names the database instead, unless --db does.
DB_ENVVAR = "TOURNAMENT_ELO_DB"
#: The environment variable that names who makes the changes, unless --by does.
BY_ENVVAR = "TOURNAMENT_ELO_BY"
#: How long a command waits for another process's write lock, unless told otherwise.
LOCK_WAIT = 30.0
#: The kinds of rating period a computation cuts the events into.
PERIOD_KINDS = ("month", "quarter", "event")
