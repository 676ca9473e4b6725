"""`tischlein check` finds what would stop a PDF build, all in one run (issues 36 and 38): card texts that do not
fit their box even at the smallest size, in every language, and characters no font draws in printed names, each
at the file and line of the string at fault, with its box. And what passes check builds."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from click.testing import CliRunner
from content_tools import edit, line_of, run_check

from tischlein.cli import main

GAME = "mahlzeit"
XX_GAME = Path("games/mahlzeit/i18n/xx/game.yaml")


def new_language(copy: Path) -> None:
    """A language xx made from the German files, as a translator starting from a neighbour language would."""
    shutil.copy(copy / "ui" / "de.yaml", copy / "ui" / "xx.yaml")
    for game in (copy / "games").iterdir():
        if (game / "i18n" / "de").is_dir():
            shutil.copytree(game / "i18n" / "de", game / "i18n" / "xx")


def test_three_overflows_in_three_boxes_are_reported_in_one_run(copy):
    new_language(copy)
    long_words = " ".join(["Zwiebelkuchenrezeptsammlung"] * 40)
    long_gloss = "Ein sehr, sehr, sehr langer Untertitel für ein ganz einfaches, kühles Bier vom Fass"
    edit(copy, XX_GAME, "  text: Bier\n", f"  text: {long_gloss}\n")
    edit(copy, XX_GAME, "  text: Mit einem beliebigen Gericht ablegen.", f"  text: {long_words} Mit einem")
    edit(copy, XX_GAME, "  text: '1. Zwei Karten ziehen", f"  text: '1. {long_words} Zwei Karten ziehen")
    result = run_check(copy)
    assert result.exit_code == 1, result.output
    problems = [line for line in result.output.splitlines() if "cannot be built" in line]
    where = {(m.group(1), int(m.group(2)), m.group(3)) for line in problems
             if (m := re.match(r"(\S+?):(\d+): (\S+): the xx PDF cannot be built", line))}
    gloss = line_of(copy, XX_GAME, "drinks.beer.gloss:")
    apron = line_of(copy, XX_GAME, "specials.apron.text:")
    overview = line_of(copy, XX_GAME, "overview.text:")
    shown = {(Path(f).name, field) for f, _, field in where}
    assert {("game.yaml", "drinks.beer.gloss"), ("game.yaml", "specials.apron.text"),
            ("game.yaml", "overview.text")} <= shown, result.output
    assert all("i18n/xx/game.yaml" in f for f, _, _ in where), result.output
    lines = {field: n for _, n, field in where}
    # the translation's line: its key's line or the line of its text just under it
    assert lines["drinks.beer.gloss"] in (gloss, gloss + 1)
    assert lines["specials.apron.text"] in (apron, apron + 1)
    assert lines["overview.text"] in (overview, overview + 1)
    text = "\n".join(problems)
    assert "the gloss does not fit its box (" in text and "1 line) even at 6.5 pt" in text, text
    assert "the rule text does not fit its box (" in text and "mm high) even at 6.5 pt" in text, text
    assert "the overview text does not fit" in text, text


def test_an_emoji_in_a_card_name_is_named_at_its_line(copy):
    line = edit(copy, Path("games/mahlzeit/game.yaml"), "    name: Bier\n", "    name: Bier 🍒\n")
    result = run_check(copy)
    assert result.exit_code == 1, result.output
    match = re.search(r"(\S+game\.yaml):(\d+): (\S+): the en, de, pt PDFs cannot be built: on .*Bier 🍒.*: "
                      r"the font \S+ has no glyph for '🍒'", result.output)
    assert match, result.output
    assert int(match.group(2)) == line and match.group(3) == "drinks.beer.name"


def test_long_texts_that_pass_check_build(copy, tmp_path):
    """The other half of check ⇔ build: texts grown to just below what check refuses still print."""
    game = Path("games/mahlzeit/game.yaml")
    original = (copy / game).read_text(encoding="utf-8")
    grown = None
    for n in (12, 8, 6, 4, 3, 2):      # from too long to short enough: the longest text check lets through
        (copy / game).write_text(original, encoding="utf-8")
        edit(copy, game, "    gloss: beer\n", f"    gloss: {'beer ' * n}\n")
        edit(copy, game, "Keep it in your hand", "Keep it " + "really " * (6 * n) + "in your hand")
        if run_check(copy).exit_code == 0:
            grown = n
            break
    assert grown is not None and grown < 12, "no length passed check, or the longest one passed: nothing tested"
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["pdf", GAME, "--lang", "en", "--content", str(copy), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert [p.stat().st_size > 10_000 for p in out.rglob("*.pdf")] == [True]


# --- the translation export states each card string's limit ------------------------------------------------------

def export(copy: Path, fmt: str, target: Path) -> None:
    result = CliRunner().invoke(main, ["i18n", "export", "de", "--format", fmt, "--game", GAME, "-o", str(target),
                                       "--content", str(copy)])
    assert result.exit_code == 0, result.output


def test_po_and_xliff_carry_the_measured_limit_of_a_card_text(copy, tmp_path):
    import xml.etree.ElementTree as ET

    import polib
    export(copy, "po", tmp_path / "de.po")
    entries = {e.msgctxt: e for e in polib.pofile(str(tmp_path / "de.po"))}
    apron = entries["mahlzeit:game:specials.apron.text"]
    limit = int(next(f for f in apron.flags if f.startswith("max-length:")).split(":")[1])
    assert re.search(rf"Limit: about {limit} characters \(its box: [\d.]+ mm × \d+ lines at 6.5 pt",
                     apron.comment), apron.comment
    assert len(apron.msgstr) <= limit < 4 * len(apron.msgstr)        # today's text fits, with room to spare
    rules = [e for ctx, e in entries.items() if ctx.startswith("mahlzeit:rules:")]
    assert rules and not any(f.startswith("max-length") for e in rules for f in e.flags)   # site only: no box
    export(copy, "xliff", tmp_path / "de.xlf")
    unit = next(u for u in ET.parse(tmp_path / "de.xlf").iter() if u.get("id") == "mahlzeit:game:specials.apron.text")
    assert (unit.get("maxwidth"), unit.get("size-unit")) == (str(limit), "char")

    # the figure is the box's: a German text of more than one and a half times the limit no longer fits
    words = apron.msgstr.split()
    longer = " ".join(words * (int(limit * 1.5) // len(apron.msgstr) + 1))[:int(limit * 1.5)]
    edit(copy, "games/mahlzeit/i18n/de/game.yaml", apron.msgstr.split()[0] + " " + apron.msgstr.split()[1],
         longer.rsplit(" ", 1)[0] + " ZZ")
    result = run_check(copy)
    assert result.exit_code == 1 and "specials.apron.text: the de PDF cannot be built" in result.output, \
        result.output


def test_a_pdf_that_cannot_be_built_names_the_strings_at_fault(copy, tmp_path):
    line = edit(copy, Path("games/mahlzeit/game.yaml"), "text: Keep it in your hand to the end.",
                "text: " + "Keep it in your hand to the very end of the game. " * 12)
    result = CliRunner().invoke(main, ["pdf", GAME, "--content", str(copy), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert "error: card cooking-hat-1" in result.output
    assert re.search(rf"game\.yaml:{line}: specials\.cooking-hat\.text: the en PDF cannot be built: on "
                     r"“Kochmütze” \(.*\): the rule text does not fit its box \(", result.output), result.output
