"""Mahlzeit's state: the records the kernel copies and serialises (see tischlein.engine.state)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import GameState, Record

PHASES = ("before-draw", "after-draw", "discard", "dirty-pots", "over")


@dataclass
class Dish(Record):
    dish: str
    value: int
    drink: str | None = None
    specials: list[str] = field(default_factory=list)
    apron: bool = False


@dataclass
class Player(Record):
    name: str
    hand: list[str] = field(default_factory=list)
    dishes: list[Dish] = field(default_factory=list)
    spoons_taken: list[str] = field(default_factory=list)


@dataclass
class State(GameState):
    GAME = "mahlzeit"
    players: list[Player]
    rows: list[list[str]]
    stack: list[str]
    columns: dict[str, list[int]]
    box: list[str]
    turn: int = 0
    phase: str = "before-draw"
    pending: dict[str, int] | None = None
    final: bool = False
    variant: bool = False
    rng: int = 0
    events: list = field(default_factory=list)
