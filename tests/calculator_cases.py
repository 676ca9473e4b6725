"""The cases on which a game's calculator (its JavaScript `score(data, input)`) and its engine (Python
`score()`) must agree: final states of seeded random playouts, dealt again for ties, built positions (Mahlzeit),
the final state of every worked example; and per game a change of every number in the engine data (PERTURB), to
show that no value is written into the JavaScript. tests/test_calculator_node.py scores them both ways."""
from __future__ import annotations

import random

from engine_tools import engine_for

NAMES = ["Ada", "Ben", "Cem", "Dana", "Eli", "Fay"]

def _final_states(engine, data, seeds, extra=None):
    """Final states of seeded random playouts (move kinds first, like engine/simulate.py)."""
    pmin, pmax = data["players"]["min"], data["players"]["max"]
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        players = pmin + seed % (pmax - pmin + 1)
        kwargs = extra(seed) if extra else {}
        state = engine.new_game(NAMES[:players], seed, **kwargs)
        moves = 0
        while not engine.is_over(state) and moves < 5000:
            legal = engine.legal_moves(state)
            kind = rng.choice(sorted({m.name for m in legal}))
            state = engine.apply(state, rng.choice([m for m in legal if m.name == kind]))
            moves += 1
        out.append(state)
    return out


def _mahlzeit_positions(engine, data, count, seed):
    """Random scoring positions built with engine.start(): dishes with legal drinks and special cards,
    hands with drinks, the Cooking Hat and Dirty Pots; many ties on purpose (small values)."""
    rng = random.Random(seed)
    cards_by_type: dict[str, list[str]] = {}
    for c in data["cards"]:
        cards_by_type.setdefault(c["type"], []).append(c["id"])
    specials = data["specials"]
    out = []
    for _ in range(count):
        free = {t: list(ids) for t, ids in cards_by_type.items()}
        for ids in free.values():
            rng.shuffle(ids)
        columns = {d["id"]: list(d["values"]) for d in data["dishes"]}
        players = []
        for name in NAMES[:rng.randint(2, 5)]:
            dishes = []
            for _ in range(rng.randint(0, 4)):
                dish = rng.choice([d for d in data["dishes"] if columns[d["id"]]])
                value = columns[dish["id"]].pop(rng.randrange(len(columns[dish["id"]])))
                entry = {"dish": dish["id"], "value": value}
                drink_types = [t for t in dish["drinks"] if free[t]]
                if drink_types and rng.random() < .7:
                    entry["drink"] = free[rng.choice(drink_types)].pop()
                kept = []
                for typ, spec in specials.items():
                    if not free[typ] or rng.random() < .5 or typ in ("apron", "cooking-hat"):
                        continue
                    drink_type = entry.get("drink", "").rsplit("-", 1)[0] if entry.get("drink") else None
                    if spec["dishes"] and dish["id"] not in spec["dishes"]:
                        continue
                    if spec["needs_drink"] and not drink_type:
                        continue
                    if spec["doubles"] and drink_type not in spec["doubles"]:
                        continue
                    kept.append(free[typ].pop())
                if kept:
                    entry["specials"] = kept
                dishes.append(entry)
            hand = []
            for typ in ("beer", "wine", "coffee-rum", "cooking-hat", "dirty-pots", "kartoffeln", "cooking-spoon"):
                while free.get(typ) and rng.random() < .3:
                    hand.append(free[typ].pop())
            players.append({"name": name, "hand": hand, "dishes": dishes})
        spec = {"players": players, "rows": [[] for _ in range(data["open_rows"])], "stack_size": 0,
                "variant": True, "phase": "over"}
        out.append(engine.start(spec))
    return out


def _example_finals(game, payload):
    """The final state of every worked example of the game (the rulebook's scoring example, the tie-break …)."""
    from tischlein.engine import api
    out = []
    module = engine_for(game.id)
    for ex in game.examples:
        ex = {k: v for k, v in ex.items() if not k.startswith("_")}
        result = api.run(payload, ex)
        steps = [s["state"] for s in result["steps"] if s.get("state")]
        state = steps[-1] if steps else (result.get("start") or {}).get("state")
        if state:
            out.append(module.from_dict(state))
    return out


def _dv_variants(engine, data, states, rng):
    """The recipes cooked in each final state dealt out again among its players: ties, empty players."""
    out = []
    for state in states:
        for _ in range(3):
            d = state.to_dict()
            pool = [e for p in d["players"] for e in p["cooked"]]
            for p in d["players"]:
                p["cooked"] = []
            for entry in pool:
                rng.choice(d["players"])["cooked"].append(entry)
            out.append(engine.from_dict(d))
    return out


def _sk_variants(engine, data, states, rng):
    """Round wins set anew (0-3 each): ties at the top, where the page says to play another round."""
    out = []
    for state in states:
        d = state.to_dict()
        for p in d["players"]:
            p["wins"] = rng.randint(0, 3)
        out.append(engine.from_dict(d))
    return out


def _suppenkasper_variants(engine, data, states, rng):
    """Figures moved near the Traumfigur on both sides and chips redrawn: equal distances, chip tie-breaks."""
    out = []
    for state in states:
        d = state.to_dict()
        for p in d["players"]:
            p["position"] = rng.randint(-3, 3)
            p["chips"] = rng.randint(0, data["chips_per_player"])
        d["chips_spent"] = data["chips_per_player"] * len(d["players"]) - sum(p["chips"] for p in d["players"])
        out.append(engine.from_dict(d))
    return out


def _tnm_variants(engine, data, states, rng):
    """Points redrawn small: equal totals decided by the presentation, or shared."""
    out = []
    for state in states:
        for _ in range(2):
            d = state.to_dict()
            for p in d["players"]:
                p["points"] = {k: rng.randint(0, 4) for k in p["points"]}
            out.append(engine.from_dict(d))
    return out


# Random playouts per game (some games take ~0.1 s a playout; the variants multiply the final states).
PLAYOUTS = {"schwarzwaelder-kirsch": 12, "diced-veggies": 24, "suppenkasper": 60, "ta-na-mesa": 60}
VARIANTS = {"diced-veggies": _dv_variants, "schwarzwaelder-kirsch": _sk_variants,
            "suppenkasper": _suppenkasper_variants, "ta-na-mesa": _tnm_variants}


_CASES: dict[str, list] = {}


def cases(game, data):
    """Final states to score (cached per game: the agreement and the perturbation tests share them)."""
    if game.id not in _CASES:
        _CASES[game.id] = _make_cases(game, data)
    return _CASES[game.id]


def _make_cases(game, data):
    engine = engine_for(game.id)
    payload = {"data": data, "messages": {}}
    if game.id == "mahlzeit":
        states = _final_states(engine, data, range(60), extra=lambda s: {"specials": bool(s % 2)})
        states += _mahlzeit_positions(engine, data, 200, seed=6)
    else:
        states = _final_states(engine, data, range(PLAYOUTS.get(game.id, 30)))
        if game.id in VARIANTS:
            states += VARIANTS[game.id](engine, data, states, random.Random(7))
    states += _example_finals(game, payload)
    return states


def _perturb_mahlzeit(data):
    for i, drink in enumerate(data["drinks"].values()):
        drink["points"] += 2 + i
    for spec in data["specials"].values():
        if spec["points"]:
            spec["points"] += 3
    data["actions"]["dirty-pots"]["points"] = -7


def _perturb_dv(data):
    for i, recipe in enumerate(data["recipes"].values()):
        recipe["points"] += 1 + i % 3
    for hype in data["hype"].values():
        for k in ("points", "per_recipe_die", "per_cooked_recipe"):
            if hype["score"].get(k):
                hype["score"][k] += 2


def _perturb_tnm(data):
    data["vegetarian_prize"]["points"] += 4
    data["vegetarian_prize"]["tied_points"] += 1


PERTURB = {"mahlzeit": _perturb_mahlzeit, "diced-veggies": _perturb_dv, "ta-na-mesa": _perturb_tnm}
