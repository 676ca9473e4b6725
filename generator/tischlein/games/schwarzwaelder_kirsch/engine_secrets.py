"""What Schwarzwälder Kirsch's players do not all see (tischlein.engine.privacy). The pantry is face down: the
card at a position is nobody's to know before it is turned up (then everyone sees it). A taken action card lies
face down by its owner (rulebook: "separat verdeckt bereitlegen"), so the old one it replaces goes back into the
pantry seen by its owner only."""
from ...engine.privacy import Secret

SECRETS = {
    "step.reveal": Secret("step.reveal.hidden", seen_by=None, chance=True),
    "step.take_swap": Secret("step.take_swap.hidden", hides="old"),
}
