// Schwarzwälder Kirsch (rule schwarzwaelder-kirsch.end): the game is won by the most rounds won. Players level
// on the most round wins are all "winners" here, as in the engine's ranking; the page says that they play another
// round (schwarzwaelder-kirsch.end.tie). Mirrors generator/tischlein/games/schwarzwaelder_kirsch/engine.py score().
//
// input: {players: [{player, rounds_won}]}
import { rank } from "./rank.js";

export function score(data, input) {
  const players = input.players.map((p) => {
    const won = Math.max(0, Math.trunc(Number(p.rounds_won) || 0));
    return { player: p.player, rounds_won: won, total: won };
  });
  const r = rank(players, ["total"]);
  return { players, winners: r.winners, ranks: r.ranks, decidedBy: null, tied: r.tied };
}
