"""A translator's preview: `tischlein site --lang fr --game G` builds that game in English and the new language
only, from a language started with `i18n new`, in seconds rather than a full build."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TISCHLEIN = str(Path(sys.executable).parent / "tischlein")
GAME = "schwarzwaelder-kirsch"


def test_one_language_preview(tmp_path):
    content, out = tmp_path / "content", tmp_path / "out"
    shutil.copytree(ROOT / "content", content)
    env = dict(os.environ, TISCHLEIN_SIM_GAMES="5")
    subprocess.run([TISCHLEIN, "i18n", "new", "fr", "--game", GAME, "--content", str(content)], check=True,
                   capture_output=True, env=env)
    rules = content / "games" / GAME / "i18n" / "fr" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace('text: ""', 'text: "Vue d\'ensemble"', 1), encoding="utf-8")
    done = subprocess.run([TISCHLEIN, "site", "--lang", "fr", "--game", GAME, "--content", str(content),
                           "--out", str(out)], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    site = out / "site"
    assert sorted(p.name for p in site.iterdir() if p.is_dir() and len(p.name) == 2) == ["fr"]   # no de, no pt
    page = (site / "fr" / GAME / "rules" / "index.html").read_text(encoding="utf-8")
    assert "Vue d&#39;ensemble" in page or "Vue d'ensemble" in page
    assert not (site / "mahlzeit").exists()
    bad = subprocess.run([TISCHLEIN, "site", "--lang", "xx", "--game", GAME, "--content", str(content),
                          "--out", str(out)], capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and "'xx' is not a language" in bad.stderr
