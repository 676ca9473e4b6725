"""Tá na Mesa's state: the records the kernel copies and serialises (see tischlein.engine.state)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import GameState, Record

PHASES = ("collect", "prepare", "lowest-discard", "draft", "season", "over")
SIDES = ("top", "right", "bottom", "left")
FACE_UP = ("left", "right")


@dataclass
class Points(Record):
    recipes: int = 0
    sum_bonus: int = 0
    spices: int = 0


@dataclass
class Placed(Record):
    recipe: str
    turns: int                     # quarter turns clockwise, 0..3


@dataclass
class Player(Record):
    name: str
    counter: str
    character: str
    hand: list[str] = field(default_factory=list)
    points: Points = field(default_factory=Points)           # scored so far
    stove: dict[str, Placed] = field(default_factory=dict)   # space -> the recipe placed there
    prepared: str | None = None                              # this round's recipe, beside the counter
    sum: int | None = None                                   # its sum
    tokens: list[str] = field(default_factory=list)
    free_flip: bool = False                                  # the Raizeiro's free flip is used


@dataclass
class Tiles(Record):
    pile: list[str]                # the top last
    display: list[str]
    discard: list[str]


@dataclass
class State(GameState):
    GAME = "ta-na-mesa"
    players: list[Player]
    pile: list[str]                # ingredient cards, the top last
    face_up: list[str | None]      # left, right (None: empty)
    discard: list[str]
    recipes: Tiles
    tokens: dict[str, int]         # spice token -> the index of the face showing
    table: list[str]
    supply: list[str]
    round: int = 1
    rounds: int = 4
    chef: int = 0                  # player index
    phase: str = "collect"
    turn: int = 0                  # whose decision
    step: int = 0                  # moves made in this phase
    rng: int = 0
    events: list = field(default_factory=list)

    def order(self) -> list[int]:
        return [(self.chef + k) % len(self.players) for k in range(len(self.players))]
