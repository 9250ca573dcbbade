"""The arbiter's desk (``tournament-elo serve`` and ``watch``): the events the arbiter
opened, rated as ``rate`` rates them and shown through the report's rendering layer,
followed as the pairing program rewrites their files.

:mod:`.state` holds the events and their options, :mod:`.pages` renders them,
:mod:`.app` serves them (Starlette), :mod:`.run` starts the server and the file
watching.  Nothing here is imported before ``serve`` or ``watch`` runs.
"""
