"""The command line: ``tournament-elo`` (:mod:`.commands`), the database's, the desk's and the
teams' commands in modules of their own, imported when their command is named."""

from .commands import main

__all__ = ["main"]
