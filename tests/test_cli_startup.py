"""`tischlein --help` and `tischlein check` start without the heavy libraries: the command line names its
commands without importing them, and checking content needs neither reportlab nor MkDocs nor the site."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tischlein import cli

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("reportlab", "mkdocs", "material", "tischlein.site", "tischlein.pdf", "PIL", "pypdfium2", "jinja2")

PROBE = """import json, sys
from tischlein.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def _modules_after(*args: str, env: dict | None = None) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=env)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def _heavy(loaded: set[str]) -> list[str]:
    return sorted(m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY))


@pytest.mark.parametrize("args", [["--help"], ["i18n", "status", "--summary"]])
def test_light_commands_import_no_heavy_library(args):
    assert _heavy(_modules_after(*args)) == []


def test_check_measures_with_the_pdf_code_once_then_stays_light(tmp_path):
    """check draws every card with the PDF's code to find texts that do not fit (reportlab); content it measured
    clean before is not measured again, so a translator's next run imports none of it."""
    env = {**os.environ, "TISCHLEIN_CACHE_DIR": str(tmp_path)}
    first = _modules_after("check", env=env)
    assert "reportlab" in first and "tischlein.pdf.measure" in first
    assert _heavy(_modules_after("check", env=env)) == []


def test_each_command_is_listed_with_its_own_help_line():
    group = cli.main
    for name, (_, _, line) in cli.COMMANDS.items():
        command = group.get_command(None, name)
        assert command is not None and command.name == name
        assert command.help.strip().split("\n")[0] == line, name
    assert sorted(group.list_commands(None)) == sorted(cli.COMMANDS)
