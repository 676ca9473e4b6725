// Tá na Mesa (rules ta-na-mesa.presentation, ta-na-mesa.vegetarian, ta-na-mesa.end): the points scored during
// the game, plus 1 per matching half-symbol on the stove (frame and inner), plus the vegetarian prize (most
// vegetarian recipes: the prize's points; tied for the most: the tied points each; nobody with one: nothing).
// Ties: more presentation points, then shared. Values from the game data; mirrors
// generator/tischlein/games/ta_na_mesa/engine.py score()/ranking().
//
// input: {players: [{player, points: {recipes, sum_bonus, spices}, stove: {frame, inner, vegetarian_recipes}}]}
import { rank } from "./rank.js";

const clamp = (v, hi) => Math.min(hi, Math.max(0, Math.trunc(Number(v) || 0)));

export function score(data, input) {
  const stoves = input.players.map((p) => p.stove || {});
  const veg = stoves.map((s) => clamp(s.vegetarian_recipes, data.spaces));
  const best = veg.length ? Math.max(...veg) : 0;
  const leaders = veg.filter((v) => v === best && best > 0).length;
  const players = input.players.map((p, i) => {
    const parts = {};
    let total = 0;
    for (const k of data.parts) {
      parts[k] = Math.max(0, Math.trunc(Number((p.points || {})[k]) || 0));
      total += parts[k];
    }
    const frame = clamp(stoves[i].frame, data.frame);
    const inner = clamp(stoves[i].inner, data.inner);
    const prize = veg[i] === best && best > 0 ? (leaders === 1 ? data.prize : data.prize_tied) : 0;
    total += frame + inner + prize;
    return { player: p.player, ...parts, frame, inner, presentation: frame + inner, vegetarian_recipes: veg[i],
             vegetarian: prize, total };
  });
  const r = rank(players, ["total", "presentation"]);
  return { players, winners: r.winners, ranks: r.ranks, decidedBy: r.decidedBy, tied: r.tied };
}
