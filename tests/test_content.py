"""What every game's content must do, checked for every game (a new game is covered by the checks that need nothing
of it, and must add its broken-content cases to BROKEN): the shipped files load and check clean; every stated total
is checked against the components; a broken value (a wrong type, an unknown field, a duplicate key, and each game's
own rules in BROKEN) is named with file, line and field; every record says where it comes from; the German
translation is complete and goes stale when the English changes; rule references exist; the examples are the
example files; the engine data is JSON. What only one game has is in test_content_<game>.py.
"""
from __future__ import annotations

import importlib
import json
import re
from dataclasses import dataclass

import pytest
from content_tools import CONTENT, copy_content, edit, line_of, load_game, run_check

from tischlein import games

GAMES = sorted(gid for gid in games.specs() if (CONTENT / "games" / gid).is_dir())
TOTALS = [(gid, key) for gid in GAMES for key in load_game(gid).games[gid].model.totals]


def _game(game_id: str):
    return load_game(game_id).games[game_id]


# --- the shipped content ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_loads_and_checks_clean(game_id, copy):
    assert not load_game(game_id).problems.errors
    assert not load_game(game_id).problems.warnings
    result = run_check(copy)
    assert result.exit_code == 0, result.output
    assert f"ok: 1 game(s) ({game_id}), 0 warning(s)" in result.output, result.output


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_and_piece_has_its_own_id(game_id):
    model = _game(game_id).model
    ids = [c.id for c in model.cards()] + [p.id for p in getattr(model, "pieces", list)()]
    assert model.cards() and len(ids) == len(set(ids)), "component ids must be unique"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_record_says_where_it_comes_from(game_id):
    """Each record a card shows names its source section in the rulebook or why it is reconstructed (or corrected);
    each reconstructed or corrected field is a note, and each note's reason has an English and a current German
    text (the credits and the site print them)."""
    game = _game(game_id)
    model = game.model
    notes = {(n.record, n.field) for n in model.notes}
    records = [r for r in (model.record(c.kind, c.ref) for c in model.cards()) if r is not None]
    assert records
    for record in records:
        raw = record.raw
        assert raw.get("source") or raw.get("reconstructed") or raw.get("errata"), record.key
        assert record.mark == ("E" if raw.get("errata") else "*" if raw.get("reconstructed") else "R"), record.key
        for field in [*(raw.get("reconstructed") or {}), *(raw.get("errata") or {})]:
            assert (record.key.rstrip("."), field) in notes, (record.key, field)
    for note in model.notes:
        assert note.kind in ("reconstructed", "erratum") and note.name, note
        assert game.catalog.text("game:" + note.reason_key, "en"), note
        assert game.catalog.status("game:" + note.reason_key, "de") == "current", note


def _rule_references(node) -> list[str]:
    """Every `rule:` and `rules:` value anywhere in a YAML document."""
    if isinstance(node, dict):
        return [ref for key, value in node.items() for ref in
                ([value] if key == "rule" and isinstance(value, str) else
                 value if key == "rules" and isinstance(value, list) else _rule_references(value))]
    if isinstance(node, list):
        return [ref for value in node for ref in _rule_references(value)]
    return []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_the_game_file_and_the_examples_name_exists(game_id):
    game = _game(game_id)
    rules = {r.id for r in game.rules}
    named = _rule_references(game.model.raw)
    assert named and set(named) <= rules, sorted(set(named) - rules)
    for example in game.examples:
        assert example["rules"] and set(example["rules"]) <= rules, example["id"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_examples_are_the_example_files(game_id):
    ids = sorted(p.stem for p in (CONTENT / "games" / game_id / "examples").glob("*.yaml"))
    assert ids and sorted(e["id"] for e in _game(game_id).examples) == ids


@pytest.mark.parametrize("game_id", GAMES)
def test_the_engine_data_is_json(game_id):
    data = _game(game_id).model.engine_data()
    assert json.loads(json.dumps(data)) == data


# Messages about a malformed move (a move typed as JSON by a designer): only they may print a move's own name.
MALFORMED = {"move.unknown", "move.bad_args", "move.missing_arg", "move.bad_list", "move.bad_arg"}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_message_a_player_reads_names_no_move_by_its_id(game_id):
    """A message a player meets at the table or under an example ("Cleo serves the next meal first", "6 points")
    says it in words, in every language: no "(lead)", no "not eat", no "take is not possible now", no "point(s)"."""
    content = load_game(game_id)
    game = content.games[game_id]
    verbs = set(importlib.import_module(games.spec(game_id).engine_module).ENGINE.MOVES)
    for lang in content.languages:
        for key, text in game.engine_messages(lang).items():
            if key in MALFORMED or key.startswith(("name.", "plural:", "rule.")):   # names, the rules' own titles
                continue
            for form in (text.values() if isinstance(text, dict) else [text]):
                assert "{move}" not in str(form), (lang, key, form)
                named = {v for v in verbs if re.search(rf"\({re.escape(v)}\)", str(form))}
                assert not named, (lang, key, form)
                # a count has its plural forms: no "point(s)", "Zutat(en)", "marca(m)"
                assert not re.search(r"\w\((?:s|es|e|en|n|m)\)", str(form)), (lang, key, form)


# --- translations -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_the_german_translation_is_complete(game_id):
    game = _game(game_id)
    missing = [k for k in game.catalog.source if game.catalog.status(k, "de") != "current"]
    assert not missing, missing[:10]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_changed_english_text_marks_its_translations_stale(game_id, copy):
    """A warning, not an error: the stale translation still prints until a translator updates it."""
    game = _game(game_id)
    translated = [lang for lang in load_game(game_id).languages[1:] if game.catalog.status("game:gloss", lang) ==
                  "current"]
    assert "de" in translated
    edit(copy, f"games/{game_id}/game.yaml", f"\ngloss: {game.model.raw['gloss']}\n",
         f"\ngloss: {game.model.raw['gloss']}, changed\n")
    result = run_check(copy)
    assert result.exit_code == 0, result.output
    for lang in translated:
        assert re.search(rf"{game_id}/i18n/{lang}/game\.yaml:\d+: warning: gloss: stale", result.output), lang


# --- broken content: file, line, field ------------------------------------------------------------------------

@pytest.mark.parametrize("game_id, key", TOTALS)
def test_every_stated_total_is_checked(tmp_path, game_id, key):
    """Each total the content states is counted from the components: one more is an error on its line."""
    copy = copy_content(tmp_path, game_id)
    stated = _game(game_id).model.totals[key]
    line = edit(copy, f"games/{game_id}/game.yaml", f"\n  {key}: {stated}\n", f"\n  {key}: {stated + 1}\n") + 1
    result = run_check(copy)
    assert result.exit_code == 1
    assert re.search(rf"game\.yaml:{line}: totals\.{key}: the (rulebook|content) says {stated + 1}, but .* "
                     rf"(add up to|adds up to|gives) {stated}\b", result.output), result.output


def _first_total(game_id: str) -> tuple[str, int, str]:
    """The first stated total: its key, its value and the line that states it."""
    key, stated = next(iter(_game(game_id).model.totals.items()))
    return key, stated, f"\n  {key}: {stated}\n"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_value_of_the_wrong_type_is_named(game_id, copy):
    key, stated, text = _first_total(game_id)
    line = edit(copy, f"games/{game_id}/game.yaml", text, f"\n  {key}: fünf\n") + 1
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: totals.{key}: expected an integer, got 'fünf'" in result.output, result.output


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_field_is_named_with_the_fields_allowed(game_id, copy):
    key, stated, text = _first_total(game_id)
    line = edit(copy, f"games/{game_id}/game.yaml", text, f"{text}  colour: red\n") + 2
    result = run_check(copy)
    assert result.exit_code == 1
    assert re.search(rf"game\.yaml:{line}: totals: unknown field 'colour'; allowed: .*\b{key}\b", result.output), \
        result.output


@pytest.mark.parametrize("game_id", GAMES)
def test_a_duplicate_key_is_an_error(game_id, copy):
    key, stated, text = _first_total(game_id)
    line = edit(copy, f"games/{game_id}/game.yaml", text, f"{text}  {key}: {stated}\n") + 2
    result = run_check(copy)
    assert result.exit_code == 1
    assert f"game.yaml:{line}: invalid YAML: duplicate key '{key}'" in result.output, result.output


@dataclass(frozen=True)
class Broken:
    """An edit of one game's copied content that `tischlein check` must refuse (exit 1), and what it must say: every
    text of `says`, every regex of `matches` and none of `not_says`. In `says`, {line} is the line the edit changes
    and {line:TEXT} the line of the edited file that starts (after indentation) with TEXT. With `until`, the edit
    replaces everything from `old` up to `until` by `new`."""

    name: str
    old: str
    new: str
    says: tuple[str, ...] = ()
    matches: tuple[str, ...] = ()
    not_says: tuple[str, ...] = ()
    file: str = "game.yaml"
    until: str | None = None

    def apply(self, root, relative: str) -> int:
        """Make the edit in the copy at `root`; returns the line it changes (where `new` first differs from `old`)."""
        path = root / relative
        text = path.read_text(encoding="utf-8")
        assert self.old in text, f"fixture text {self.old!r} not found in {relative}"
        start = text.index(self.old)
        end = text.index(self.until, start) if self.until else start + len(self.old)
        path.write_text(text[:start] + self.new + text[end:], encoding="utf-8")
        differs = next((i for i, (a, b) in enumerate(zip(self.old, self.new)) if a != b),
                       min(len(self.old), len(self.new)))
        return text[:start].count("\n") + 1 + self.old[:differs].count("\n")

    def expected(self, root, relative: str, line: int) -> list[str]:
        def fill(text: str) -> str:
            return re.sub(r"\{line(?::([^}]*))?\}",
                          lambda m: str(line_of(root, relative, m.group(1)) if m.group(1) else line), text)
        return [fill(text) for text in self.says]


BROKEN: dict[str, list[Broken]] = {
    "diced-veggies": [
        Broken("dice-not-35", "    colour: red\n    dice: 7\n", "    colour: red\n    dice: 8\n",
               matches=(r"game\.yaml:\d+: totals\.dice: the rulebook says 35, but the dice of the vegetables add up "
                        r"to 36",)),
        Broken("block-too-small", "block: {rows: 5, columns: 7}", "block: {rows: 5, columns: 6}",
               says=("game.yaml:{line}: dice.block: a block of 5 x 6 holds 30 dice, but the game has 35",)),
        Broken("unknown-vegetable", "needs: {onion: 1, tomato: 1}, points: 3",
               "needs: {onion: 1, potato: 1}, points: 3",
               says=("game.yaml:{line}: recipes.salsa.needs: unknown vegetable id 'potato'",)),
        Broken("recipe-over-the-dice-limit", "needs: {tomato: 3, eggplant: 2}, points: 11",
               "needs: {tomato: 6, eggplant: 3}, points: 11",
               says=("recipes.marinara.needs: needs 9 dice, but a player may hold only 8",)),
        Broken("recipes-not-44", "needs: {eggplant: 3, broccoli: 2}, points: 11,",
               "needs: {eggplant: 3, broccoli: 2}, points: 11, count: 2,",
               says=("totals.recipe_cards: the rulebook says 44, but the recipes listed add up to 45",)),
        Broken("missing-solo-row-dropped", "    - min: 71\n", "", until="    - {min: 81",
               matches=(r"game\.yaml:\d+: solo\.ranks\.5\.min: expected 71 .* got 81: a gap in the table; keep a row "
                        r"the source skips as missing_in_source",)),
        Broken("text-invented-for-the-missing-row", "      missing_in_source: true\n",
               "      missing_in_source: true\n      text: Master chef!\n",
               says=("solo.ranks.5: a row missing in the source has a note and no text",)),
        Broken("hype-condition-without-its-parameter", "condition: {kind: sum, equals: 12}", "condition: {kind: sum}",
               says=("game.yaml:{line}: hype.perfect-twelve.condition: a 'sum' condition needs exactly 1 of "
                     "at_least, at_most, equals",)),
        Broken("hype-sum-no-hand-reaches", "condition: {kind: sum, equals: 19}", "condition: {kind: sum, equals: 60}",
               says=("hype.nineteen.condition: no hand of dice can add up to 60",)),
        Broken("hype-cards-not-34", "    score: {per_cooked_recipe: 1}\n    count: 2\n",
               "    score: {per_cooked_recipe: 1}\n    count: 1\n",
               says=("totals.hype_cards: the rulebook says 34, but the hype cards listed add up to 33",)),
        Broken("too-few-chef-tokens", "    count: 4\n    faces: [chef, chef]", "    count: 3\n    faces: [chef, chef]",
               says=("tokens.chef.count: every player gets a chef token: need 4, got 3",)),
    ],
    "mahlzeit": [
        Broken("wrong-type-in-a-list-item", "    points: 5\n", "    points: fünf\n",
               says=("game.yaml:{line}: drinks.wine.points: expected an integer, got 'fünf'",)),
        Broken("unknown-ingredient", "ingredients: [bratwurst, pommes, currysauce]",
               "ingredients: [bratwurst, pommes, ketchup]",
               says=("game.yaml:{line}: dishes.currywurst.ingredients: unknown ingredient id 'ketchup'",)),
        Broken("counts-no-longer-add-up", "{id: kartoffeln, name: Kartoffeln, gloss: potatoes, dish: kloesse, count: 5",
               "{id: kartoffeln, name: Kartoffeln, gloss: potatoes, dish: kloesse, count: 6",
               says=("game.yaml:{line:ingredient_cards:}: totals.ingredient_cards: the rulebook says 60, "
                     "but the cards listed add up to 61", "totals.dark_back: the rulebook says 83",
                     "totals.cards: the rulebook says 110")),
        Broken("unknown-field-in-a-list-item", "    drinks: [beer]\n    source: Dish Goals\n  - id: currywurst",
               "    drinks: [beer]\n    colour: red\n    source: Dish Goals\n  - id: currywurst",
               says=("game.yaml:{line}: dishes.sauerbraten: unknown field 'colour'",)),
        Broken("duplicate-key-in-a-mapping", "  hand_limit: 6\n", "  hand_limit: 6\n  hand_limit: 7\n",
               says=("game.yaml:{line}: invalid YAML: duplicate key 'hand_limit'",)),
    ],
    "schwarzwaelder-kirsch": [
        Broken("ingredient-count-changes-the-totals", "{id: zucker, name: Zucker, gloss: sugar, count: 4",
               "{id: zucker, name: Zucker, gloss: sugar, count: 5",
               says=("game.yaml:{line:ingredient_cards:}: totals.ingredient_cards: the content says 32, "
                     "but the cards listed add up to 33",
                     "totals.pantry_cards: the content says 44, but ingredients + jokers + action cards add up to 45",
                     "totals.cards: the content says 45")),
        Broken("cake-needs-a-known-ingredient", "ingredients: [eier, zucker,", "ingredients: [eier, butter,",
               says=("game.yaml:{line}: cake.ingredients: unknown ingredient id 'butter'",),
               # and zucker is now an ingredient card the cake does not use
               matches=(r"game\.yaml:\d+: ingredients\.zucker: this ingredient is not in cake\.ingredients",)),
        Broken("garnish-must-end-the-round", "  garnish: garnieren", "  garnish: stehlen",
               says=("game.yaml:{line}: cake.garnish: the garnish card 'stehlen' must end the round",
                     "actions.garnieren.after_play: only the garnish card ends the round")),
        Broken("every-named-action-card-is-needed", "  - id: tauschen", "", until="  - id: garnieren",
               says=("actions: missing the 'tauschen' action card the rulebook names",
                     "totals.action_cards: the content says 8, but the cards listed add up to 6")),
        Broken("one-kuechenmaschinenkarte", "  count: 1\n  back: start", "  count: 2\n  back: start",
               says=("game.yaml:{line}: start_card.count: the rulebook has one Küchenmaschinenkarte, got 2",)),
        Broken("unknown-after-play", "    after_play: shuffle\n    text: Swap", "    after_play: keep\n    text: Swap",
               says=("game.yaml:{line}: actions.tauschen.after_play: expected one of 'shuffle', 'end-round', "
                     "got 'keep'",)),
        Broken("too-many-players-for-the-copies", "players: {min: 2, max: 4}", "players: {min: 2, max: 9}",
               matches=(r"game\.yaml:\d+: ingredients\.eier\.count: 4 copies plus 4 jokers cannot give all 9 "
                        r"players",)),
    ],
    "suppenkasper": [
        Broken("cards-not-72", "    entree: torte\n    count: 5\n", "    entree: torte\n    count: 6\n",
               matches=(r"game\.yaml:\d+: totals\.cards: the rulebook says 72, but the cards listed add up to 73 "
                        r"\(12 entrees \+ 16 side dishes",)),
        Broken("removal-card-not-in-the-deck", "{kind: torte, value: 600, count: 1}",
               "{kind: torte, value: 650, count: 1}",
               says=("game.yaml:{line}: three_players.remove.torte: takes out 1 torte 650 card(s), but the deck has "
                     "only 0 left to take: the 3-player list must be part of the deck",)),
        Broken("removal-of-more-copies-than-exist", "{kind: koernerkur, count: 2}", "{kind: koernerkur, count: 6}",
               says=("three_players.remove.koernerkur: takes out 6 koernerkur card(s), but the deck has only 5",)),
        Broken("removal-differs-from-the-seed-list", "    - {kind: fdh, count: 1}\n",
               "    - {kind: nulldiaet, count: 1}\n",
               says=("three_players.remove: the seed's list takes out 1 fdh card(s), the cards named here are 0",
                     "the seed's list takes out 1 nulldiaet card(s), the cards named here are 2")),
        Broken("seed-list-not-18", "{category: muesli, count: 1}", "{category: muesli, count: 2}",
               says=("totals.removed_for_three: the rulebook says 18, but its list adds up to 19",)),
        Broken("special-card-removed", "    - {kind: muesli, value: 100, count: 1}\n",
               "    - {kind: muesli, value: 100, count: 1}\n    - {kind: fress-sack, count: 1}\n",
               says=("three_players.remove.fress-sack: special cards are never taken out",)),
        Broken("side-dish-for-the-wrong-entree", "    gloss: dumplings\n    entree: fleisch\n",
               "    gloss: dumplings\n    entree: fisch\n",
               says=("entrees.fleisch.side: side dish 'knoedel' says it goes with 'fisch'",)),
        Broken("weight-table-out-of-order", "    - {up_to: 2000, steps: 3}\n", "    - {up_to: 900, steps: 3}\n",
               says=("game.yaml:{line}: weight_table.rows.3.up_to: expected more than 1000: the rows go from few "
                     "calories to many",)),
        Broken("weight-table-without-an-open-last-row", "    - {steps: 6}\n", "    - {up_to: 5000, steps: 6}\n",
               says=("weight_table.rows.6.up_to: the last row is open-ended",)),
        Broken("board-without-a-start", "      gloss: dream figure\n      role: start\n",
               "      gloss: dream figure\n      role: class\n",
               says=("board.classes: expected one start space (Traumfigur), got 0",)),
        Broken("chips-that-do-not-match-the-players", "  colour: red\n  count: 18\n", "  colour: red\n  count: 17\n",
               says=("totals.chips: the rulebook says 18, but chips.count gives 17",
                     "chips.count: 6 players x 3 chips each = 18, not 17")),
        Broken("diet-effect-without-steps", "    effect: minus_steps\n    steps: 2\n", "    effect: minus_steps\n",
               says=("diets.abfuehrpille.steps: effect 'minus_steps' needs steps",)),
    ],
    "ta-na-mesa": [
        Broken("four-players-run-out-without-the-reshuffle", "  recipe_reshuffle: true\n",
               "  recipe_reshuffle: false\n",
               matches=(r"game\.yaml:\d+: player_counts\.\[2\]\.rounds: with 4 players the recipe pile runs out in "
                        r"round 4 without reshuffling the discarded recipes",),
               not_says=("with 2 players", "with 3 players")),         # 2 and 3 players fit in 25 tiles
        Broken("vegetarian-flag-must-match-the-classes",
               "needs: [carnes, carnes, frango], points: 5, bonus: {ingredient: linguica, points: 1}, "
               "vegetarian: false",
               "needs: [carnes, carnes, frango], points: 5, bonus: {ingredient: linguica, points: 1}, "
               "vegetarian: true",
               says=("game.yaml:{line}: recipes.churrasco.vegetarian: expected false: a recipe is vegetarian exactly "
                     "when it needs no meat or chicken",)),
        Broken("bonus-ingredient-must-be-needed", "bonus: {ingredient: couve, points: 1}",
               "bonus: {ingredient: queijo, points: 1}",
               says=("game.yaml:{line}: recipes.caldo-verde.bonus.ingredient: 'queijo' is a 'derivados' ingredient, "
                     "which this recipe does not need",)),
        Broken("a-recipe-takes-three-ingredients", "needs: [derivados, derivados, derivados]",
               "needs: [derivados, derivados]",
               says=("game.yaml:{line}: recipes.pudim-de-leite.needs: a recipe takes 3 ingredients (seed), got 2",)),
        Broken("spice-combination-points-come-from-the-seed", "{spices: [pimenta, colorau, louro], points: 5}",
               "{spices: [pimenta, colorau, louro], points: 4}",
               says=("game.yaml:{line}: counters.panela-de-barro.combos: a combination of 3 spice(s) is worth 5 "
                     "(seed), got 4",)),
        Broken("rounds-must-share-the-start-equally", "  - players: 2\n    rounds: 4\n",
               "  - players: 2\n    rounds: 3\n",
               says=("game.yaml:{line}: player_counts.[0].rounds: 3 rounds cannot give each of 2 players the same "
                     "number of starts",)),
        Broken("spice-tokens-must-suffice", "  - players: 3\n    rounds: 3\n    spices_each: 4\n",
               "  - players: 3\n    rounds: 3\n    spices_each: 5\n",
               says=("player_counts.[1].spices_each: 3 players × 5 tokens need more than the 12 spice tokens",)),
        Broken("sum-track-must-hold-the-highest-sum", "      last: 16\n", "      last: 12\n",
               says=("game.yaml:{line}: scoring_board.tracks.sum.last: a sum can reach 16 (3 × 5 + 1), the track "
                     "ends at 12",)),
        Broken("presentation-maximum-follows-the-stove", "presentation_max: 12", "presentation_max: 10",
               says=("game.yaml:{line}: facts.presentation_max: a 2 × 2 stove has 8 frame edges and 4 inner edges, "
                     "so at most 12 points, not 10",)),
        Broken("unknown-colour-on-a-recipe-edge", "edges: [blue, orange, blue, green]",
               "edges: [blue, orange, blue, purple]",
               says=("game.yaml:{line}: recipes.omelete.edges: unknown colour 'purple'",)),
        Broken("portuguese-translation-must-keep-tokens", "{term:bancada}", "bancada", file="i18n/pt/rules.yaml",
               matches=(r"ta-na-mesa/i18n/pt/rules\.yaml:\d+: ta-na-mesa\.overview\.body: the translation must keep "
                        r"the tokens",)),
    ],
}


def test_every_game_has_broken_content_cases():
    assert sorted(BROKEN) == GAMES
    assert all(case.says or case.matches for cases in BROKEN.values() for case in cases)


@pytest.mark.parametrize("game_id, case", [(gid, case) for gid, cases in BROKEN.items() for case in cases],
                         ids=lambda v: v.name if isinstance(v, Broken) else v)
def test_broken_content_is_named_with_file_line_and_field(tmp_path, game_id, case):
    copy = copy_content(tmp_path, game_id)
    relative = f"games/{game_id}/{case.file}"
    line = case.apply(copy, relative)
    result = run_check(copy)
    assert result.exit_code == 1, result.output
    for text in case.expected(copy, relative, line):
        assert text in result.output, (text, result.output)
    for pattern in case.matches:
        assert re.search(pattern, result.output), (pattern, result.output)
    for text in case.not_says:
        assert text not in result.output, (text, result.output)
