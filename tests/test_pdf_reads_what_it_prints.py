"""A card PDF reads the content it prints: game.yaml and the interface strings, not the rules, glossary, FAQ,
engine messages or worked examples (the rules PDFs read those, and `check` still reports every error in them)."""
from __future__ import annotations

from click.testing import CliRunner
from content_tools import copy_content, edit, run_check

from tischlein.cli import main

GAME = "mahlzeit"
EXAMPLE = f"games/{GAME}/examples/apron-no-swap.yaml"


def _pdf(content, out, *extra: str):
    return CliRunner().invoke(main, ["pdf", GAME, "--content", str(content), "-o", str(out), *extra])


def test_a_broken_example_stops_check_and_the_rules_pdf_but_not_the_cards(tmp_path):
    content = copy_content(tmp_path, GAME)
    line = edit(content, EXAMPLE, "rules: [mahlzeit.special.apron,", "rules: [mahlzeit.no-such-rule,")
    message = f"{EXAMPLE}:{line}: apron-no-swap.rules: unknown rule id 'mahlzeit.no-such-rule'"

    checked = run_check(content)
    assert checked.exit_code == 1 and message in checked.output

    rules = _pdf(content, tmp_path / "rules.pdf", "--rules")
    assert rules.exit_code == 1 and message in rules.output and not (tmp_path / "rules.pdf").exists()

    cards = _pdf(content, tmp_path / "cards.pdf")
    assert cards.exit_code == 0, cards.output
    assert (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF")


def test_a_broken_card_text_still_stops_the_cards(tmp_path):
    content = copy_content(tmp_path, GAME)
    edit(content, f"games/{GAME}/game.yaml", "\nname: ", "\nname: [not, a, name]\nformer_name: ")
    cards = _pdf(content, tmp_path / "cards.pdf")
    assert cards.exit_code == 1 and f"games/{GAME}/game.yaml" in cards.output
    assert not (tmp_path / "cards.pdf").exists()
