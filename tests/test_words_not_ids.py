"""Words, never ids: what a player reads names a rule by its title, an example by its title and a thing by what
it looks like, in every language. The ids are taken from the content (every rule id, every example id, every
card, die and token id), not guessed by a pattern; a `<game>.<section>` string and a copy number such as "#3" are
caught as well.

Two sources of text: the engine's own (seeded random games of every game: what each move did, every legal move's
text and move builder option, the picture's labels, and refusals of moves tried out of turn or out of place, each
with its rule's title) and the built site's replay pages (every example page of every game in every language).
"""
from __future__ import annotations

import random
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine_tools import ENGINE_GAMES, engine_for, repository_content
from tischlein.engine import IllegalMove, Move, api, replay
from tischlein.engine.messages import describe_events
from tischlein.site.assets import game_payload

LANGS = ("en", "de", "pt")
# dotted or dashed lowercase words: the shape of every id a reader might meet (a rule id, a card copy, an example)
ID_SHAPED = re.compile(r"(?<![\w.#-])[a-z0-9]+(?:[.-][a-z0-9]+)+(?![\w-])")
COPY_NUMBER = re.compile(r"#\d")
# "card played: -" (a dash for nothing) and "the joker Joker" (a word, then a printed name that only says it
# again) are no sentences either; "Nein, ess ich nicht nicht auf der Hand" is a card's name, then the sentence
DASH_FOR_NOTHING = re.compile(r"[:(] -[).,;]")
SAID_TWICE = re.compile(r"\b(\w{3,}) (?=(\w{3,})\b)")        # every pair of neighbours


def no_sentence(text: str) -> bool:
    return bool(DASH_FOR_NOTHING.search(text)) or any(
        a != b and a.casefold() == b.casefold() for a, b in SAID_TWICE.findall(text))


@cache
def ids_of(game_id: str) -> frozenset[str]:
    """Every id of the game a reader must not see: its rule ids, its example ids and its component ids (those of
    one word, such as the example `setup` or the vegetable `onion`, are words too and cannot be told apart)."""
    game = repository_content().games[game_id]
    ids = {r.id for r in game.rules} | {ex["id"] for ex in game.examples}
    ids |= {c.id for c in game.model.cards()} | {p.id for p in getattr(game.model, "pieces", list)()}
    ids |= {k[len("name."):] for lang in LANGS for k in game.engine_messages(lang) if k.startswith("name.")}
    return frozenset(i for i in ids if "-" in i or "." in i)


def shown_ids(game_id: str, text: str) -> list[str]:
    """The ids in a text a reader sees: the game's own, anything shaped `<game id>.<section>`, and copy numbers."""
    found = [t for t in ID_SHAPED.findall(text) if t in ids_of(game_id) or t.startswith(f"{game_id}.")]
    return found + COPY_NUMBER.findall(text)


def test_the_check_finds_the_ids_a_reader_met():
    """The phrases players reported, as the old code wrote them: each is caught."""
    assert shown_ids("diced-veggies", "Not allowed, nothing was changed: Rule diced-veggies.turn.cut: too much")
    assert shown_ids("diced-veggies", "Ada cuts off Broccoli #3 (sum 5).")
    assert shown_ids("mahlzeit", "✗ mahlzeit.turn.lay (Phase 2: Lay down dishes): no")
    assert shown_ids("mahlzeit", "As printed the example cannot be played: see the example "
                                 "silke-currywurst-as-printed.")
    assert shown_ids("mahlzeit", "Silke takes weisswurst-1.")
    assert not shown_ids("mahlzeit", "Silke lays Currywurst (Phase 2: Lay down dishes). Suppen-Kasper, 3 points.")
    assert no_sentence("Dora eats Fisch (700 kcal counted, card played: -) and moves 2")
    assert no_sentence("Anna lays the joker Joker on Mehl")
    assert not no_sentence("Cleo eats Knödel, Knödel and moves -1: now at -1. P4 hat Nein, ess ich nicht nicht")


class VisibleText(HTMLParser):
    """A page's text as a reader meets it: the text outside tags and the tooltips and labels (title, aria-label,
    alt); not scripts, styles or the designers' JSON editor."""

    SKIP = {"script", "style", "textarea"}

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.skipping += tag in self.SKIP
        self.parts += [v for k, v in attrs if k in ("title", "aria-label", "alt") and v]

    def handle_endtag(self, tag):
        self.skipping -= tag in self.SKIP and self.skipping > 0

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.parts).split())


# --- the engine's texts in seeded random games ---------------------------------------------------------------------

@cache
def payload(game_id: str) -> dict:
    return game_payload(repository_content().games[game_id], list(LANGS))


def positions(game_id: str, seed: int, most: int = 70) -> list:
    """The states of a seeded game of random moves (at most `most` moves), the dealt one first."""
    engine, rng = engine_for(game_id), random.Random(seed)
    low, high = repository_content().games[game_id].model.players
    state = engine.new_game([f"P{i}" for i in range(1, rng.randint(low, high) + 1)], seed)
    states = [state]
    while not engine.is_over(state) and len(states) <= most:
        state = engine.apply(state, engine.random_move(state, rng))
        states.append(state)
    return states


def misplaced(engine, before: list, state, rng: random.Random) -> list[Move]:
    """Moves to refuse in `state`: a few legal one position earlier and at some earlier position (a card since
    played, a die since cut, a phase gone by) and a legal one made by a player who is not to move."""
    tried = []
    for earlier in (engine.legal_moves(before[-1]), engine.legal_moves(rng.choice(before))):
        tried += rng.sample(earlier, min(3, len(earlier)))
    now = engine.legal_moves(state) if not engine.is_over(state) else []
    others = [p.name for p in state.players if now and p.name != now[0].player]
    if now and others:
        m = rng.choice(now)
        tried.append(Move(rng.choice(others), m.name, m.args))
    return tried


def engine_texts(game_id: str, seed: int) -> tuple[list[tuple[str, str]], set[str]]:
    """(where, text) of everything the engine says in a seeded game, in every language, and the message keys met."""
    engine, game, rng = engine_for(game_id), payload(game_id), random.Random(seed)
    states = positions(game_id, seed)
    out: list[tuple[str, str]] = []
    keys: set[str] = set()
    for n, state in enumerate(states):
        keys |= {key for key, _ in engine.events(state)}
        tried = misplaced(engine, states[:n], state, rng) if n else []
        raw = engine.to_dict(state)
        for lang in LANGS:
            messages = game["messages"][lang]
            english = game["messages"]["en"]
            out.append((f"{lang} move {n}", describe_events(engine.events(state), messages, english)))
            for move in tried:
                err = engine.refusal(state, move)
                if err is None:
                    continue
                refused = replay.refused(err, None, messages, english)
                keys.add(err.key)
                if isinstance(err, IllegalMove):     # a rule the reader can look up: by its title
                    assert refused.get("rule_title"), (game_id, lang, err.rule, err.key)
                out.append((f"{lang} move {n} refused {move.to_dict()}",
                            f"{refused['message']} {refused.get('rule_title') or ''}"))
            if n % 4 == 0:      # the table's view: each legal move's text, the builders' options, the picture
                view = api.view(game, raw, lang)
                assert view["draw"]["error"] is None and view["choices"]["error"] is None, view
                out += [(f"{lang} move {n} choice {c['move']}", c["text"]) for c in view["choices"]["moves"]]
                out += [(f"{lang} move {n} builder {b['move']}", o["text"])
                        for b in view["choices"]["builders"] for a in b["args"] for o in a["options"]]
                out.append((f"{lang} move {n} picture", VisibleText(view["draw"]["html"]).text))
    return out, keys


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_the_engine_names_rules_examples_and_things_in_words(game_id):
    seen: set[str] = set()
    texts: list[tuple[str, str]] = []
    for seed in (1, 2, 3):
        more, keys = engine_texts(game_id, seed)
        texts += more
        seen |= keys
    assert len(texts) > 300 and len(seen) > 10, (len(texts), sorted(seen))      # the games said a lot
    wrong = [(where, text, shown_ids(game_id, text)) for where, text in texts if shown_ids(game_id, text)]
    assert not wrong, wrong[:5]
    # the messages (a picture's text repeats its labels as tooltips: no sentence to read there)
    clumsy = [(where, text) for where, text in texts if not where.endswith("picture") and no_sentence(text)]
    assert not clumsy, clumsy[:5]


# --- the built site's replay pages --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def site(repository_site) -> Path:
    return repository_site.folder


def example_pages(site: Path, game_id: str) -> list[Path]:
    return sorted(p for p in site.glob(f"**/{game_id}/examples/*/index.html"))


@pytest.mark.parametrize("game_id", ENGINE_GAMES)
def test_replay_pages_name_rules_examples_and_things_in_words(site, game_id):
    pages = example_pages(site, game_id)
    assert len(pages) == len(LANGS) * len(repository_content().games[game_id].examples)
    wrong = {}
    for path in pages:
        found = shown_ids(game_id, VisibleText(path.read_text(encoding="utf-8")).text)
        if found:
            wrong[str(path.relative_to(site))] = sorted(set(found))
    assert not wrong, wrong
