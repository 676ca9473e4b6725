"""What Diced Veggies' players do not all see (tischlein.engine.privacy). Recipe and hype cards in hand are
secret (reconstructed: the rulebook only gives hand limits; a hand of cards is kept hidden as in any card game),
so a card drawn from a face-down deck is seen by its drawer only (one taken from the open display by all); a hype
card is paired face down with its recipe (BGA's rules help), so only its owner knows it until the end."""
from ...engine.privacy import Secret

SECRETS = {
    "step.draw": Secret("step.draw.hidden", chance=True, when=lambda params: params.get("source") != "display"),
    "step.hype": Secret("step.hype.hidden", hides="hype"),
}
