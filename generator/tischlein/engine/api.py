"""JSON in, JSON out: the engine facade the browser calls through Pyodide. Standard library only.

`game` is the compiled game JSON the site ships: {"engine": module name, "data": engine data, "messages":
{"en": {key: text}, "de": {...}}}. Messages are looked up in `lang`, then in English.

    run(game, example, moves=None, lang="en")  the replay result of tischlein.engine.replay.run
    check_move(game, state, move, lang="en")   {"legal": True, "text", "render", "state", "error": None}
                                               or {"legal": False, "error": {kind, rule, rule_title, key,
                                               params, message}}: a reader sees the message and the rule's
                                               title (`rule`, its id, is only the rules page's anchor)
    legal_moves(game, state)                   [move, ...] (or {"error": ...} for a state it cannot read)
    choices(game, state, lang="en", limit=200, viewer=None)
                                               {"moves": [{"move", "text"}, ...], "more", "over", "winners",
                                               "builders", "error"}: the legal moves (at most `limit` of each
                                               kind), each with the engine's text of what it does (as `viewer`
                                               may know it beforehand), and what a move builder offers
    check_expect(game, state, expect)          [difference, ...]
    new_game(game, players, seed, lang="en")   {"state", "text", "policies", "error"}: a seeded setup
    bot_move(game, state, seed, policy=None, lang="en")
                                               {"move", "text", "render", "state", "over", "policy", "error"}:
                                               the move a bot (greedy, random …; the best the game has unless
                                               one is named) makes for the player to decide, played
    draw(game, state, lang="en", viewer=None)  {"html": the state as a picture, "text": what the last move did,
                                               "actor": who decides now, "error": None}
                                               or {"html": None, "error": {kind, key, message}}
    view(game, state, lang="en", viewer=None, limit=200)
                                               {"draw": draw's answer, "choices": choices' answer}: one
                                               position for the table, the state read once
    play(game, state, move, lang="en", viewer=None, limit=200)
                                               {"legal": True, "state", "text", "view", "error": None} or
                                               {"legal": False, "error"}: one click, checked and played, with
                                               the view of the new position

A whole game at one table (the play page: the positions kept here, the page told only what its viewer may know) is
tischlein.engine.table.

`viewer` (a player's name) is the player looking at a table where not everything is open: the picture shows the
others' hidden cards as backs and counts, the texts keep them secret (tischlein.engine.privacy and each game's
ENGINE.SECRETS). `viewer=None` is the open table the examples and the build show.

`draw` uses the game package's picture module (`game["picture"]`, the module name; the site's replays are drawn
by the same function at build time), or the engine's text picture for a game without one.

None of them raises for anything a caller sends: a malformed move or state is answered with an error of kind
"invalid" (a rule violation has kind "illegal"), so the page can always say why. A state is read with
Engine.read_state: it must pass the census and the engine must be able to draw, score and list its moves.
"""
from __future__ import annotations

import functools
import importlib
import inspect
import random
from typing import Any, Callable

from . import picture, privacy, replay
from .errors import MoveError, StartError
from .messages import describe_events, param_text
from .policy import policies as policy_table
from .replay import invalid_answer as _invalid


_BOUND: dict[int, tuple[Any, Any]] = {}      # id(game data) -> (that data, its engine): one engine per payload


def engine_of(game: dict) -> Any:
    """The game's Engine, bound to its data (made once per payload: a page draws many states of one game)."""
    data = game["data"]
    cached = _BOUND.get(id(data))
    if cached is not None and cached[0] is data:
        return cached[1]
    module = game.get("engine")
    if module is None:                      # a payload without the module name: find the game package
        from ..games import spec
        module = spec(data["game"]).engine_module
    engine = importlib.import_module(module).ENGINE(data)
    if len(_BOUND) > 16:
        _BOUND.clear()
    _BOUND[id(data)] = (data, engine)
    return engine


def _messages(game: dict, lang: str) -> tuple[dict, dict]:
    messages = game.get("messages") or {}
    english = messages.get("en") or {}
    return messages.get(lang) or english, english


def run(game: dict, example: dict, moves: list | None = None, lang: str = "en") -> dict:
    """Replay `moves` (default: the example's own, with its checks) from the example's start."""
    messages, english = _messages(game, lang)
    failed = {"id": str(example.get("id", "")) if isinstance(example, dict) else "", "ok": False, "start": None,
              "steps": [], "illegal": [], "expect": {"ok": True, "differences": []}}
    if not isinstance(example, dict) or (moves is not None and not isinstance(moves, list)):
        return {**failed, "error": _invalid("moves", "the example must be a mapping and the moves a list")}
    try:
        return replay.run(engine_of(game), example, messages, english, moves)
    except Exception as exc:           # noqa: BLE001 - the browser must get an answer whatever happens
        return {**failed, "error": _engine_failed(exc)}


def _engine_failed(exc: Exception) -> dict:
    """What a caller gets if the engine itself fails: an answer, never a traceback (and a bug to fix)."""
    return _invalid("engine.failed", f"the rules engine failed on this input ({type(exc).__name__}: {exc})")


def _answering(failed: dict | Callable[[dict], Any]) -> Callable:
    """An endpoint that answers whatever happens: a state (or viewer) it cannot read is answered with an "invalid"
    error, a failure of the engine with "engine.failed"; `failed` is the rest of that answer, or makes it from
    the error."""
    def wrap(endpoint: Callable) -> Callable:
        @functools.wraps(endpoint)
        def answered(*args: Any, **kwargs: Any) -> Any:
            try:
                return endpoint(*args, **kwargs)
            except StartError as exc:
                error = _invalid("state", f"not a valid state: {exc}")
            except Exception as exc:   # noqa: BLE001 - the browser must get an answer whatever happens
                error = _engine_failed(exc)
            return failed(error) if callable(failed) else {**failed, "error": error}
        return answered
    return wrap


@_answering({"legal": False})
def check_move(game: dict, state: Any, move: Any, lang: str = "en") -> dict:
    """Is `move` legal in `state`? If so, the text of what it does and the new state."""
    engine = engine_of(game)
    messages, english = _messages(game, lang)
    current = engine.read_state(state)
    try:
        new = engine.apply(current, move)
    except MoveError as err:
        return {"legal": False, "error": replay.refused(err, None, messages, english)}
    return {"legal": True, "text": describe_events(engine.events(new), messages, english),
            "render": engine.render(new), "state": engine.to_dict(new), "error": None}


@_answering({})
def legal_moves(game: dict, state: Any) -> Any:
    """The legal moves in `state` (for a move picker)."""
    engine = engine_of(game)
    return [m.to_dict() for m in engine.legal_moves(engine.read_state(state))]


_NO_CHOICES = {"moves": [], "more": 0, "over": False, "winners": [], "ranking": [], "builders": []}


@_answering(_NO_CHOICES)
def choices(game: dict, state: Any, lang: str = "en", limit: int = 200, viewer: Any = None) -> dict:
    """The legal moves in `state` in the reader's words: each with the engine's own text of what it does (the
    text a move picker shows on its button, told as `viewer` may know it before the move), at most `limit` of
    each kind (`more` says how many were left off). With the game over: no moves, and the winners by the ranking."""
    engine = engine_of(game)
    return _choices(game, engine, engine.read_state(state), lang, limit, _viewer(viewer))


def _choices(game: dict, engine: Any, current: Any, lang: str, limit: int, viewer: str | None) -> dict:
    """choices' answer for a state already read (it may raise: the callers answer for it)."""
    messages, english = _messages(game, lang)
    if engine.is_over(current):
        return {"moves": [], "more": 0, "over": True, "winners": engine.winners(current),
                "ranking": engine.ranking(current), "builders": [], "error": None}
    legal = [m.to_dict() for m in engine.legal_moves(current)]
    listed = _each_kind(legal, limit)
    moves = [{"move": m, "text": describe_events(privacy.told(engine.events(engine.apply(current, m)),
                                                              engine.SECRETS, viewer, before=True),
                                                 messages, english)}
             for m in listed]
    return {"moves": moves, "more": len(legal) - len(listed), "over": False, "winners": [], "ranking": [],
            "builders": builders(legal, {**english, **messages}, lambda v: engine.named(current, v)), "error": None}


def _each_kind(legal: list[dict], limit: int) -> list[dict]:
    """The first `limit` moves of each kind, in the order listed: a kind with hundreds of variants (where a Cooking
    Spoon may lift cards to) never pushes another kind (draw, take a row) off the list."""
    seen: dict[str, int] = {}
    listed = []
    for m in legal:
        seen[m["move"]] = seen.get(m["move"], 0) + 1
        if seen[m["move"]] <= limit:
            listed.append(m)
    return listed


def builders(legal: list[dict], names: dict, named: Callable[[Any], Any] = lambda v: v, most: int = 60) -> list[dict]:
    """For each kind of move that chooses several things (the dice to cut, the cards to lay): what a reader can
    pick for each of its arguments, gathered from the legal moves of that kind, so that any combination can be
    tried and the engine says why one is not allowed. An argument that is not a word, a number or a list of
    them (a counter symbol used) keeps the value of the first legal move of the kind, or none for a list. Each
    option reads as `named` (the engine's Engine.named in this state) makes it read: a die as "Broccoli 5"."""
    kinds: dict[tuple, list[dict]] = {}
    for m in legal:
        kinds.setdefault((m["player"], m["move"]), []).append(m)
    out = []
    for (player, verb), group in kinds.items():
        plain = lambda v: isinstance(v, (str, int)) and not isinstance(v, bool)          # noqa: E731
        args, fixed = [], {}
        for name in group[0]["args"]:
            values = [m["args"].get(name) for m in group]
            if all(isinstance(v, list) and all(plain(x) for x in v) for v in values):
                options = list(dict.fromkeys(x for v in values for x in v))
                args.append({"name": name, "many": True, "options": options})
            elif all(plain(v) for v in values):
                options = list(dict.fromkeys(values))
                if all(isinstance(v, int) for v in options):      # rows, counts: in their order
                    options.sort()
                args.append({"name": name, "many": False, "options": options})
            else:
                fixed[name] = [] if isinstance(values[0], list) else values[0]
        # a combination to build: a list of things, or two choices of several options each (where a Cooking
        # Spoon lifts how many cards to): kinds that list every combination are too long to read, or cut off
        several = sum(1 for a in args if a["many"] or len(a["options"]) > 1)
        if not (any(a["many"] for a in args) or several >= 2) or any(len(a["options"]) > most for a in args):
            continue
        for a in args:
            a["options"] = [{"value": v, "text": param_text(named(v), names)} for v in a["options"]]
        out.append({"player": player, "move": verb, "args": args, "fixed": fixed})
    return out


@_answering(lambda error: [f"expect: {error['message']}"])
def check_expect(game: dict, state: Any, expect: Any) -> list[str]:
    engine = engine_of(game)
    try:            # a state or an `expect` it cannot read: its own words (not "not a valid state")
        return list(engine.check_expect(engine.read_state(state), expect or {}))
    except StartError as exc:
        return [f"expect: {exc}"]


def _viewer(viewer: Any) -> str | None:
    if viewer is not None and not isinstance(viewer, str):
        raise StartError("the viewer must be a player's name or null")
    return viewer


@_answering({"html": None})
def draw(game: dict, state: Any, lang: str = "en", viewer: Any = None) -> dict:
    """The state as a picture (safe HTML) in `lang`: what the site shows for every replay step. With a `viewer`
    (a player's name), as that player sees the table: the others' hidden cards face down, the last move's text
    without what the viewer may not know."""
    engine = engine_of(game)
    viewer = _viewer(viewer)
    return _drawn(game, engine, engine.from_dict(state), lang, viewer)


_WORDS: dict[tuple[int, str], tuple[Any, picture.Words]] = {}     # (id(messages), lang) -> (them, their Words)


def _words(game: dict, lang: str) -> picture.Words:
    """The pictures' words of a game in a language, made once: Words remembers the labels it formatted, so a
    table redrawn after each click formats only what changed."""
    messages, english = _messages(game, lang)
    key = (id(game.get("messages")), lang)
    cached = _WORDS.get(key)
    if cached is not None and cached[0] is game.get("messages"):
        return cached[1]
    if len(_WORDS) > 32:
        _WORDS.clear()
    words = picture.Words(messages, english)
    _WORDS[key] = (game.get("messages"), words)
    return words


def _drawn(game: dict, engine: Any, current: Any, lang: str, viewer: str | None) -> dict:
    """draw's answer for a state already read (it may raise: the callers answer for it)."""
    messages, english = _messages(game, lang)
    if engine.is_over(current):              # the end shows every hand, as at the table
        viewer = None
    words = _words(game, lang)
    module = game.get("picture")
    if module:
        drawer = importlib.import_module(module).draw
        # a picture module that knows no viewer (a game with nothing hidden) draws the open table
        seen = {"viewer": viewer} if _knows_viewer(drawer) else {}
        html = drawer(engine, current, words, **seen)
    else:
        html = picture.text_picture(engine.render(current), words("table"))
    text = describe_events(privacy.told(engine.events(current), engine.SECRETS, viewer), messages, english)
    return {"html": str(html), "text": text, "actor": _actor_name(engine, current), "error": None}


_SIGNATURES: dict[Any, bool] = {}


def _knows_viewer(drawer: Any) -> bool:
    if drawer not in _SIGNATURES:
        _SIGNATURES[drawer] = "viewer" in inspect.signature(drawer).parameters
    return _SIGNATURES[drawer]


@_answering(lambda error: {"draw": {"html": None, "error": error}, "choices": {**_NO_CHOICES, "error": error}})
def view(game: dict, state: Any, lang: str = "en", viewer: Any = None, limit: int = 200) -> dict:
    """What the table shows of one position, in one call (the state read once): {"draw": draw's answer,
    "choices": choices' answer}, each as those functions give it for this state, viewer and language."""
    engine = engine_of(game)
    viewer = _viewer(viewer)
    current = engine.read_state(state)
    return {"draw": _drawn(game, engine, current, lang, viewer),
            "choices": _choices(game, engine, current, lang, limit, viewer)}


@_answering({"legal": False})
def play(game: dict, state: Any, move: Any, lang: str = "en", viewer: Any = None, limit: int = 200) -> dict:
    """One click at the table: `move` checked and, if legal, played, with the view of the new position.
    {"legal": True, "state", "text" (told as `viewer` may hear it), "view": view's answer, "error": None} or
    check_move's refusal {"legal": False, "error"}, the position untouched."""
    engine = engine_of(game)
    messages, english = _messages(game, lang)
    viewer = _viewer(viewer)
    current = engine.read_state(state)
    try:
        new = engine.apply(current, move)
    except MoveError as err:
        return {"legal": False, "error": replay.refused(err, None, messages, english)}
    told = describe_events(privacy.told(engine.events(new), engine.SECRETS, viewer), messages, english)
    return {"legal": True, "state": engine.to_dict(new), "text": told, "error": None,
            "view": {"draw": _drawn(game, engine, new, lang, viewer),
                     "choices": _choices(game, engine, new, lang, limit, viewer)}}


def _integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def policies(engine: Any) -> list[str]:
    """The bots an engine offers, best first: the game's own policies (ENGINE.POLICIES: greedy for every game of
    tischlein), then the kernel's random one, so a new policy shows up without touching the table."""
    return sorted(policy_table(engine), key=lambda name: name == "random")


@_answering({"state": None})
def new_game(game: dict, players: Any, seed: Any, lang: str = "en") -> dict:
    """A new game for these players (names in seat order), set up as the rulebook says from `seed`."""
    messages, english = _messages(game, lang)
    engine = engine_of(game)
    if not isinstance(players, list) or not _integer(seed):
        return {"state": None, "error": _invalid("players", "players must be a list of names, seed a number")}
    try:
        state = engine.new_game([str(p) for p in players], seed)
    except ValueError as exc:
        return {"state": None, "error": _invalid("players", str(exc))}
    return {"state": engine.to_dict(state), "text": describe_events(engine.events(state), messages, english),
            "policies": policies(engine), "error": None}


@_answering({"move": None, "state": None})
def bot_move(game: dict, state: Any, seed: Any, policy: str | None = None, lang: str = "en") -> dict:
    """The move the bot `policy` (default: the best of `policies`) makes in `state` for the player to decide,
    played: the move, the engine's text of what happened, the new state and its render. Seeded: the same
    position, policy and seed give the same move."""
    engine = engine_of(game)
    messages, english = _messages(game, lang)
    current = engine.read_state(state)
    chosen, error = _policy(engine, policy)
    if error is None and engine.is_over(current):
        error = _invalid("game.over", "the game is over: nobody has a move")
    if error is None and not _integer(seed):
        error = _invalid("seed", "the seed must be an integer")
    if error is not None:
        return {"move": None, "state": None, "error": error}
    move = policy_table(engine)[chosen](engine, current, random.Random(seed))
    new = engine.apply(current, move)
    return {"move": move.to_dict(), "text": describe_events(engine.events(new), messages, english),
            "render": engine.render(new), "state": engine.to_dict(new), "over": engine.is_over(new),
            "actor": _actor_name(engine, new), "policy": chosen, "error": None}


def _policy(engine: Any, name: Any) -> tuple[str, dict | None]:
    """The policy called `name` (None: the game's best) and no error, or the error naming the known ones."""
    known = policies(engine)
    chosen = known[0] if name is None else name
    if not isinstance(chosen, str) or chosen not in known:
        return "", _invalid("policy", f"no policy {str(chosen)[:40]!r}; known: {', '.join(known)}")
    return chosen, None


def _actor_name(engine: Any, current: Any) -> str | None:
    """The name of the player to decide (None with nobody to: the game is over)."""
    actor = engine.actor(current)
    return None if actor is None else current.players[actor].name
