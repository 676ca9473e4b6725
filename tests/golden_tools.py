"""Golden files: a rendering compared with the text stored under tests/golden/.

After an intended change, rewrite them with `UPDATE_GOLDEN=1 .venv/bin/pytest …` and review the diff."""
from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"


def assert_matches_golden(text: str, path: Path) -> None:
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path}; run with UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8"), f"{path.stem} differs from {path}"
