// Diced Veggies scoring (rule diced-veggies.scoring): each cooked recipe's points plus its paired hype card
// (points, a multiplier, per die of the recipe, per cooked recipe), all from the game data in the description.
// Mirrors generator/tischlein/games/diced_veggies/engine.py score()/ranking(): highest total wins, a tie is shared.
// With one player the solo table's row is given too.
//
// input: {players: [{player, cooked: [{recipe, hype|null}]}]}
import { rank } from "./rank.js";

export function score(data, input) {
  const players = input.players.map((p) => {
    const cooked = (p.cooked || []).filter((e) => e.recipe && data.recipes[e.recipe]);
    let recipes = 0, hype = 0;
    for (const entry of cooked) {
      const r = data.recipes[entry.recipe];
      if (entry.hype && data.hype[entry.hype]) {
        const sc = data.hype[entry.hype];
        const factor = sc.multiply_recipe ?? 1;
        hype += (sc.points || 0) + (sc.per_recipe_die || 0) * r.dice;
        hype += (sc.per_cooked_recipe || 0) * cooked.length;
        hype += r.points * (factor - 1);
      }
      recipes += r.points;
    }
    return { player: p.player, cooked: cooked.length, recipes, hype, total: recipes + hype };
  });
  if (players.length === 1) players[0].solo = soloBand(data.solo, players[0].total);
  const r = rank(players, ["total"]);
  return { players, winners: r.winners, ranks: r.ranks, decidedBy: null, tied: r.tied };
}

export function soloBand(rows, total) {
  for (const row of rows || []) {
    if (total >= row.min && (row.max === null || total <= row.max)) return { ...row };
  }
  return { min: null, max: null, missing_in_source: true };
}
