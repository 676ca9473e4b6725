"""Content problems that name the file, line and field, as `path:line: field: message`."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    path: str
    line: int | None
    field: str
    message: str
    severity: str = "error"  # or "warning"

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        prefix = "warning: " if self.severity == "warning" else ""
        return f"{where}: {prefix}{self.field}: {self.message}" if self.field else f"{where}: {prefix}{self.message}"


@dataclass
class Problems:
    """Collects problems while loading so one run reports all of them."""

    items: list[Problem] = field(default_factory=list)

    def error(self, path: Path | str, line: int | None, field_: str, message: str) -> None:
        self.items.append(Problem(str(path), line, field_, message))

    def warning(self, path: Path | str, line: int | None, field_: str, message: str) -> None:
        self.items.append(Problem(str(path), line, field_, message, "warning"))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "warning"]
