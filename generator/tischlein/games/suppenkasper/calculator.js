// Suppenkasper (rule suppenkasper.end): the figure nearest the Traumfigur wins, counting spaces either way; a tie
// goes to the most red chips left; still tied: shared. The track (position -> weight class) and the chips come
// from the game data. Mirrors generator/tischlein/games/suppenkasper/engine.py score()/ranking():
// total = minus the distance, so that higher is better.
//
// input: {players: [{player, position, chips}]}
import { rank } from "./rank.js";

export function score(data, input) {
  const players = input.players.map((p) => {
    let position = Math.trunc(Number(p.position) || 0);
    position = Math.min(data.high, Math.max(data.low, position));
    const chips = Math.min(data.chips, Math.max(0, Math.trunc(Number(p.chips) || 0)));
    const distance = Math.abs(position);
    return { player: p.player, position, distance, class: data.track[String(position)] ?? null, chips,
             total: 0 - distance };
  });
  const r = rank(players, ["total", "chips"]);
  return { players, winners: r.winners, ranks: r.ranks, decidedBy: r.decidedBy, tied: r.tied };
}
