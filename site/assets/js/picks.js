// What a reader can tap on the table's picture (engine/picture.py: Pick). The picture marks each thing a move can
// name: data-pick is a move argument's value as JSON (a card or die id, a row number), data-pick-arg the argument it
// must be for (a number means nothing by itself), data-pick-move the kind of move a thing stands for (the stack:
// draw). Tapping things narrows the legal moves to those that use every one of them (play.js plays the move when
// one is left). The marks are only data: a page without the table does nothing with them.

// The pick a node carries, or null (a mark that is not JSON is no pick: content never writes one, but be safe).
export function pickOf(node) {
  const { pick, pickArg, pickMove } = node.dataset;
  let value = null;
  if (pick !== undefined) {
    try {
      value = JSON.parse(pick);
    } catch {
      return null;
    }
  }
  return { value, arg: pickArg || "", move: pickMove || "", key: `${pickMove || ""}\u0000${pickArg || ""}\u0000${pick ?? ""}` };
}

// Does `move` ({player, move, args}) use the thing `pick` marks?
export function uses(move, pick) {
  if (pick.move && pick.move !== move.move) return false;
  if (pick.value === null) return true;
  return Object.entries(move.args || {}).some(([name, v]) => (!pick.arg || pick.arg === name)
    && (Array.isArray(v) ? v.includes(pick.value) : v === pick.value));
}

// The moves that use every one of `picks`.
function narrowed(moves, picks) {
  return moves.filter((m) => picks.every((p) => uses(m, p)));
}

// The picks after tapping `pick`: a tapped thing is let go, a new one added; a thing that goes with no move of the
// things chosen so far starts a new choice of its own.
export function tapped(chosen, pick, moves) {
  if (chosen.some((p) => p.key === pick.key)) return chosen.filter((p) => p.key !== pick.key);
  const next = [...chosen, pick];
  return narrowed(moves, next).length ? next : [pick];
}
