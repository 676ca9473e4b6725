"""What Mahlzeit's players do not all see (tischlein.engine.privacy): the hand is secret (rulebook: cards are
drawn into the hand and laid from it), so is the card drawn from the face-down stack, and the card the Dirty Pots
holder draws from another hand "without looking" is seen by the two of them only. A row refilled from the stack
is open to all once it lies there, but no move's label may tell it before."""
from ...engine.privacy import Secret

SECRETS = {
    "step.draw": Secret("step.draw.hidden", hides="cards", chance=True),
    "step.swap": Secret("step.swap.hidden", seen_by=("holder", "layer"), chance=True),
    "step.refill": Secret("step.refill.hidden", seen_by=None, chance=True),
}
