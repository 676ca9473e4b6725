"""What Tá na Mesa's players do not all see (tischlein.engine.privacy): hands are secret; A Feirante's peek at
the top card of the pile is hers alone; a card paid to another player for the symbol on their counter is seen by
the two of them. Face-up cards turned over, recipes laid out and spices thrown are open to all once they are on
the table, but no move's label may tell them before."""
from ...engine.privacy import Secret

SECRETS = {
    "step.peek": Secret("step.peek.hidden", chance=True),
    "step.other_symbol": Secret("step.other_symbol.hidden", seen_by=("player", "owner")),
    "step.turn_up": Secret("step.turn_up.hidden", seen_by=None, chance=True),
    "step.round": Secret("step.round.hidden", hides="recipes", seen_by=None, chance=True),
    "step.throw": Secret("step.throw.hidden", hides="faces", seen_by=None, chance=True),
}
