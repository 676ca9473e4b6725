// Mahlzeit scoring (rule mahlzeit.scoring), a pure function of the calculator input and the game data from
// content (point values, specials): no value is written here. Mirrors generator/tischlein/games/mahlzeit/engine.py
// score() and ranking(); tests/test_calculator_node.py checks both agree on many states.
//
// input: {players: [{player, dishes: [{dish, value, drink|null, specials: [id]}], hand: {typeId: count}}]}
import { rank } from "./rank.js";

export function score(data, input) {
  const players = input.players.map((p) => {
    let dishes = 0, drinks = 0, specials = 0;
    for (const d of p.dishes || []) {
      dishes += Number(d.value) || 0;
      let factor = 1;
      for (const s of d.specials || []) {
        const spec = data.specials[s];
        if (!spec) continue;
        specials += spec.points || 0;
        if (d.drink && (spec.doubles || []).includes(d.drink)) factor *= 2;
      }
      if (d.drink) drinks += (data.drinks[d.drink] || 0) * factor;
    }
    const hand = p.hand || {};
    const inHand = [];
    for (const [drink, points] of Object.entries(data.drinks)) {
      for (let i = 0; i < (Number(hand[drink]) || 0); i++) inHand.push(points);
    }
    inHand.sort((a, b) => b - a);
    const hat = data.hat && Number(hand[data.hat]) > 0 && inHand.length ? inHand[0] : 0;
    let dirty = 0;
    for (const [card, points] of Object.entries(data.penalties || {})) dirty += points * (Number(hand[card]) || 0);
    const handDrinks = 0 - inHand.reduce((a, b) => a + b, 0);
    const laid = dishes + drinks + specials;
    const handTotal = handDrinks + hat + dirty;
    return { player: p.player, dishes, drinks, specials, laid, hand_drinks: handDrinks, hat, dirty_pots: dirty,
             hand: handTotal, total: laid + handTotal };
  });
  const r = rank(players, ["total", "drinks"]);
  return { players, winners: r.winners, ranks: r.ranks, decidedBy: r.decidedBy, tied: r.tied };
}
