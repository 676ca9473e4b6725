"""What Suppenkasper's players do not all see (tischlein.engine.privacy): hands are secret until the round's
end, when every hand is eaten in the open. A red card given on request is seen by giver and receiver only; of the
cards given with a red chip each receiver sees only their own (in their hand), so the text names them to the giver
alone. The deal is the shuffle's, and what the round's end reveals nobody knows before:
no move's label tells either."""
from ...engine.privacy import Secret

SECRETS = {
    "step.give": Secret("step.give.hidden", seen_by=("player", "asker")),
    "step.chip_give": Secret("step.chip_give.hidden", hides="cards"),
    "step.round_end": Secret("step.round_end", hides="", seen_by=None, chance=True),
    "step.new_round": Secret("step.new_round.hidden", seen_by=None, chance=True),
}
