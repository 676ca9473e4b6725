// Ranking shared by the per-game scoring modules: best first by a list of keys (the total, then the
// tie-breaks); players equal on every key share a rank. Same rule as the engines' ranking():
// rank = 1 + the number of players strictly better.
export function rank(players, keys) {
  const better = (a, b) => {
    for (const k of keys) {
      if (a[k] !== b[k]) return a[k] > b[k];
    }
    return false;
  };
  const ranks = players.map((p) => 1 + players.filter((o) => better(o, p)).length);
  const winners = players.filter((p, i) => ranks[i] === 1).map((p) => p.player);
  // Which key decided between the players tied on the first key with a winner (null: none needed / shared).
  let decidedBy = null;
  const top = players.filter((p, i) => ranks[i] === 1);
  const tiedFirst = players.filter((p) => top.length && p[keys[0]] === top[0][keys[0]]);
  if (tiedFirst.length > 1) {
    for (const k of keys.slice(1)) {
      const best = Math.max(...tiedFirst.map((p) => p[k]));
      if (tiedFirst.filter((p) => p[k] === best).length < tiedFirst.length) { decidedBy = k; break; }
    }
  }
  return { ranks, winners, decidedBy, tied: tiedFirst.length > 1 };
}
