"""Putting a shared file into the site's docs/ folder: a copy, or an empty stand-in (see `place`). The downloads,
the card images and the gallery all place their files this way."""
from __future__ import annotations

import shutil
from pathlib import Path


def place(src: Path, dest: Path, copy: bool = True) -> None:
    """Put a shared file (a download, a card image) into docs/: a copy for the task that installs the shared
    files, else an empty stand-in — a language's pages only link to it, and MkDocs only checks that it exists
    (and copies it into that language's tree, which installs its own pages only)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    if copy:
        shutil.copy2(src, dest)
    else:
        dest.write_bytes(b"")
