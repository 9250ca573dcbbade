"""The build step the declarative configuration cannot say: the catalogues compiled."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from setuptools import Command, setup
from setuptools.command.build import build

CATALOGUES = Path("tournament_elo", "i18n", "locale")


class build_catalogues(Command):
    """Compile each gettext catalogue (``.po``) to the ``.mo`` gettext reads: into the
    build, or beside the ``.po`` for an editable install (which runs the sources)."""

    description = "compile the gettext catalogues"
    user_options: ClassVar[list[tuple[str, str | None, str]]] = []
    editable_mode = False

    def initialize_options(self) -> None:
        self.build_lib: str | None = None

    def finalize_options(self) -> None:
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def _pairs(self) -> list[tuple[Path, Path]]:
        target = Path() if self.editable_mode else Path(self.build_lib or "")
        return [(po, target / po.with_suffix(".mo")) for po in sorted(CATALOGUES.glob("*/*/*.po"))]

    def run(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po, mo in self._pairs():
            with po.open("rb") as source:
                catalogue = read_po(source)
            mo.parent.mkdir(parents=True, exist_ok=True)
            with mo.open("wb") as compiled:
                write_mo(compiled, catalogue)

    def get_outputs(self) -> list[str]:
        return [str(mo) for _, mo in self._pairs()]

    def get_source_files(self) -> list[str]:
        return [str(po) for po, _ in self._pairs()]


class build_with_catalogues(build):
    sub_commands: ClassVar[list[tuple[str, None]]] = [
        *build.sub_commands, ("build_catalogues", None)]


setup(cmdclass={"build": build_with_catalogues, "build_catalogues": build_catalogues})
