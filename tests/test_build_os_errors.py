"""Every operating-system error is one line that says what failed, where, and what to do, with exit code 3 and
no traceback: a file where a folder should be, a name too long, a loop of symbolic links, a full disk, a
read-only file system, no permission — in check, build, pdf, export, site and i18n. Real where the machine allows
(a tiny tmpfs when `mount` works, as root in CI); permission errors by patching the os layer, since root may
write anywhere."""
from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TISCHLEIN = str(Path(sys.executable).parent / "tischlein")
GAME = "suppenkasper"

NOT_A_FOLDER = "a file is where a folder should be ({}). Move or delete that file, or choose another folder."
LOOP = ("symbolic links point at each other in a loop (Too many levels of symbolic links). Fix or remove that "
        "link.")
FULL = "the disk is full (No space left on device). Free some space, then run it again."
READ_ONLY = ("the file system is read-only (Read-only file system). Choose another folder to write to, or make "
             "this one writable.")
DENIED = "permission denied. Choose another folder to write to, or get the right to write there."


def _tischlein(tmp_path: Path, *args: str, patch: str = "") -> tuple[int, str]:
    """The command's exit code and its one line of error (asserting there is exactly one, and no traceback)."""
    command = [TISCHLEIN, *args] if not patch else [sys.executable, "-c", patch + PATCHED_MAIN, *args]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, TMPDIR=str(tmp_path), TISCHLEIN_SIM_GAMES="2"))
    said = done.stdout + done.stderr
    assert "Traceback" not in said, said[-3000:]
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error")]
    assert len(errors) == 1, done.stderr[-3000:]
    return done.returncode, errors[0]


PATCHED_MAIN = """
import sys
from tischlein.cli import main
sys.argv = ["tischlein", *sys.argv[1:]]
main()
"""


@pytest.fixture
def loop(tmp_path) -> Path:
    link = tmp_path / "content"
    link.symlink_to(link)
    return link


@pytest.mark.parametrize("command", [["check"], ["build", "--no-site"], ["replay", GAME], ["i18n", "status"]])
def test_a_content_folder_that_is_a_symlink_loop(tmp_path, loop, command):
    code, line = _tischlein(tmp_path, *command, "--content", str(loop))
    assert (code, line) == (3, f"Error: tischlein {command[0]} stopped: {loop}: {LOOP}")


def test_a_file_where_the_pdf_folder_should_be(tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "pdf").write_text("")
    code, line = _tischlein(tmp_path, "pdf", GAME, "--out", str(tmp_path / "out"))
    assert (code, line) == (3, f"Error: tischlein pdf stopped: {tmp_path / 'out' / 'pdf'}: "
                               + NOT_A_FOLDER.format("Not a directory"))


def test_a_file_where_the_site_should_be(tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "site").write_text("")
    code, line = _tischlein(tmp_path, "site", "--game", GAME, "--out", str(tmp_path / "out"))
    assert (code, line) == (3, f"Error: tischlein site stopped: {tmp_path / 'out' / 'site'}: "
                               + NOT_A_FOLDER.format("File exists"))


def test_a_translation_exported_into_a_file_where_a_folder_should_be(tmp_path):
    (tmp_path / "po").write_text("")
    code, line = _tischlein(tmp_path, "i18n", "export", "de", "--game", GAME, "-o", str(tmp_path / "po" / "de.po"))
    assert (code, line) == (3, f"Error: tischlein i18n stopped: {tmp_path / 'po'}: "
                               + NOT_A_FOLDER.format("File exists"))


def test_an_output_folder_whose_name_is_too_long(tmp_path):
    out = tmp_path / ("x" * 300)
    code, line = _tischlein(tmp_path, "export", GAME, "--shop", "tgc", "--out", str(out))
    assert code == 3
    assert line.startswith(f"Error: tischlein export stopped: {str(out)[:70]}…"), line
    assert line.endswith(": the name is too long for the file system (File name too long). Choose a folder with a "
                         "shorter path."), line


# The last step of every file written (files.atomic) fails as a full disk, a read-only file system or a denied
# permission would make it fail; forked workers inherit the patch.
FAILING_RENAME = """
import errno, os
def failing_replace(src, dst, **kwargs):
    raise OSError(errno.{name}, os.strerror(errno.{name}), src, None, dst)
os.replace = failing_replace
"""


@pytest.mark.parametrize("name, reason", [("ENOSPC", FULL), ("EROFS", READ_ONLY), ("EACCES", DENIED)])
@pytest.mark.parametrize("command", [["build", "--game", GAME, "--lang", "en", "--paper", "a4", "--no-site",
                                      "--jobs", "2"], ["pdf", GAME]])
def test_a_write_the_system_refuses(tmp_path, name, reason, command):
    out = tmp_path / "out"
    code, line = _tischlein(tmp_path, *command, "--out", str(out), patch=FAILING_RENAME.format(name=name))
    assert code == 3, line
    prefix = f"Error: tischlein {command[0]} stopped: {tmp_path}{os.sep}"     # the output or a working folder
    assert line.startswith(prefix) and line.endswith(f": {reason}"), line
    if name != "ENOSPC":       # the file it was writing; for a full disk the temporary one beside it
        assert line.endswith(f".pdf: {reason}") and ".tmp" not in line, line


@pytest.fixture
def tiny_disk(tmp_path):
    """A 256 KiB tmpfs (a real full disk), where the machine lets us mount one."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)],
                                           capture_output=True).returncode != 0:
        pytest.skip("no tmpfs can be mounted here (the patched tests above cover the message)")
    yield disk
    subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_real_full_disk(tmp_path, tiny_disk):
    code, line = _tischlein(tmp_path, "build", "--game", GAME, "--lang", "en", "--paper", "a4", "--no-site",
                            "--jobs", "2", "--out", str(tiny_disk / "out"))
    assert code == 3 and line.startswith(f"Error: tischlein build stopped: {tiny_disk / 'out'}{os.sep}"), line
    assert line.endswith(f": {FULL}"), line
    assert not list(tiny_disk.rglob("*.tmp")), "a half-written file was left on the full disk"


def test_a_real_read_only_file_system(tmp_path, tiny_disk):
    (tiny_disk / "out").mkdir()
    subprocess.run(["mount", "-o", "remount,ro", str(tiny_disk)], check=True)
    code, line = _tischlein(tmp_path, "build", "--game", GAME, "--lang", "en", "--paper", "a4", "--no-site",
                            "--out", str(tiny_disk / "out"))
    assert code == 3 and line.startswith(f"Error: tischlein build stopped: {tiny_disk / 'out'}"), line
    assert line.endswith(f": {READ_ONLY}"), line


def test_every_errno_the_messages_name_is_one_line_with_advice():
    from tischlein.cli.errors import describe
    for code in (errno.ENOSPC, errno.EROFS, errno.EACCES, errno.ENOTDIR, errno.EISDIR, errno.ENAMETOOLONG,
                 errno.ELOOP):
        line = describe(OSError(code, os.strerror(code), "/tmp/x"), "tischlein build")
        assert line.startswith("tischlein build stopped: /tmp/x: ") and "\n" not in line and line.endswith("."), line
