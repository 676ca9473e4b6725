// The choices of one position, shared by the example table (play.js) and the game table (game.js): the legal
// moves as buttons in the engine's words, the things on the picture a move uses as buttons to tap (picks.js), the
// builders of moves that combine several choices, and a refusal in words with a link to its rule.
//
// A long list folds each kind of move with many variants ("Player 1 turns up a card (44 ways)") into a group;
// two moves that read alike (a second beer put on row 1) are one button. Each tap on the picture keeps the moves
// that use everything tapped, and plays the move once only one is left.
import { el, fmt } from "./engine-client.mjs";
import { pickOf, tapped, uses } from "./picks.js";

export const LIMIT = 200;      // the most moves of one kind the engine lists with their texts (api.choices)

// `s`: the panel's strings; `picture`: the node the picture is drawn into; `play(move)`: plays a move;
// `rulesUrl`: the rules page (a URL); `fold`: {list, kind}: a list longer than `list` folds kinds with more than
// `kind` variants; `isReady()`: whether a tap may act now.
export function choiceBox({ s, uid, picture, play, rulesUrl, fold, isReady }) {
  let current = null;             // the choices of the position shown, while the reader may move there
  let chosen = [];                // the things tapped on the picture, in the order tapped

  const heading = el("p", { class: "tl-play-moves-title", id: `${uid}-moves` });
  // a finger taps, a mouse clicks: the hints say what this screen does (a phone's pointer is coarse)
  const touch = matchMedia("(pointer: coarse)").matches;
  const tapHint = el("p", { class: "tl-play-tap", hidden: true }, touch ? s.tap : s.tap_mouse);
  const pickedNote = el("p", { class: "tl-play-picked", role: "status", hidden: true });
  const unpick = el("button", { type: "button", class: "tl-play-unpick" }, s.unpick);
  unpick.addEventListener("click", () => pickNothing());
  const moves = el("ul", { class: "tl-play-moves", "aria-labelledby": `${uid}-moves` });
  const more = el("p", { class: "tl-play-more", hidden: true });
  const builds = el("div", { class: "tl-play-builds" });
  const refusal = el("p", { class: "tl-play-refused", role: "alert", hidden: true });

  // why a move is refused, then the rule it breaks by its title, linked (the rule's id is only the anchor)
  function refuse(error) {
    refusal.replaceChildren(el("strong", {}, `${s.illegal} `), error.message || "");
    if (error.rule && error.rule_title) {
      const href = new URL(rulesUrl.href);
      href.hash = error.rule;
      refusal.append(` (${s.rule}: `, el("a", { href: href.href, class: "tl-rule-link" }, error.rule_title), ")");
    }
    refusal.hidden = false;
  }

  // The legal moves as buttons: all of them, or (`only`) those that use what was tapped on the picture.
  function list(choices, only = null) {
    moves.replaceChildren();
    more.hidden = !choices.more;
    if (choices.more) more.textContent = fmt(s.more, { count: choices.more });
    pickedNote.hidden = only === null;
    if (only !== null) pickedNote.replaceChildren(fmt(s.picked, { n: chosen.length }), " ", unpick);
    if (choices.error) {
      heading.textContent = choices.error.message;
      return;
    }
    if (choices.over) {
      heading.textContent = fmt(s.over, { winners: choices.winners.join(", ") });
      return;
    }
    const players = [...new Set(choices.moves.map((c) => c.move.player))];
    heading.textContent = fmt(s.moves, { player: players.join(", ") });
    const seen = new Set();
    const shown = (only ?? choices.moves).filter((c) => !seen.has(c.text) && seen.add(c.text));
    const item = (choice) => {
      const button = el("button", { type: "button", class: "tl-play-move" }, choice.text);
      button.addEventListener("click", () => play(choice.move));
      return el("li", {}, button);
    };
    if (only !== null || shown.length <= fold.list) {
      moves.append(...shown.map(item));
      return;
    }
    const kindOf = (choice) => `${choice.move.player}\u0000${choice.move.move}`;   // a kind is one player's
    const count = new Map();
    for (const choice of shown) count.set(kindOf(choice), (count.get(kindOf(choice)) || 0) + 1);
    const groups = new Map();            // a folded kind's list, in the place of its first move
    for (const choice of shown) {
      const kind = kindOf(choice);
      if (count.get(kind) <= fold.kind) moves.append(item(choice));
      else if (groups.has(kind)) groups.get(kind).append(item(choice));
      else {
        const { player, move } = choice.move;
        const title = fmt(s.ways, { player, verb: s.verbs[move] || move, n: count.get(kind) });
        groups.set(kind, el("ul", { class: "tl-play-group" }, item(choice)));
        moves.append(el("li", { class: "tl-play-kind" },
          el("details", { "data-move": move }, el("summary", {}, title), groups.get(kind))));
      }
    }
  }

  // The things on the picture that a listed move uses become buttons; a position the reader may not move in
  // (`choices` null), or a game over, has none.
  function picks(choices) {
    current = choices && !choices.over && !choices.error ? choices : null;
    chosen = [];
    const all = current ? current.moves.map((c) => c.move) : [];
    let any = false;
    for (const node of picture.querySelectorAll("[data-pick], [data-pick-move]")) {
      const pick = pickOf(node);
      if (!pick || !all.some((m) => uses(m, pick))) continue;
      any = true;
      node.classList.add("tl-pickable");
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      node.setAttribute("aria-pressed", "false");
      const act = (event) => {
        event.preventDefault();
        event.stopPropagation();            // a card in a row: the card's tap, not the row's
        tap(pick);
      };
      node.addEventListener("click", act);
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") act(event);
      });
    }
    tapHint.hidden = !any;
  }

  function tap(pick) {
    if (!current || !isReady()) return;
    const all = current.moves.map((c) => c.move);
    chosen = tapped(chosen, pick, all);
    const left = current.moves.filter((c) => chosen.every((p) => uses(c.move, p)));
    // one move left (or moves that read alike): play it, unless its kind was cut at the limit (an unlisted move
    // may use the same things)
    const kind = left.length ? left[0].move.move : null;
    if (chosen.length && new Set(left.map((c) => c.text)).size === 1
        && all.filter((m) => m.move === kind).length < LIMIT) {
      play(left[0].move);
      return;
    }
    pressed();
    list(current, chosen.length ? left : null);
  }

  function pickNothing() {
    chosen = [];
    pressed();
    if (current) list(current);
  }

  function pressed() {
    for (const node of picture.querySelectorAll(".tl-pickable")) {
      node.setAttribute("aria-pressed", String(chosen.some((c) => c.key === pickOf(node).key)));
    }
  }

  // A move that chooses several things (dice to cut, cards to lay): each option a button to press, then the
  // engine checks the whole move; a choice it refuses leaves the position as it was and says why.
  function builders(found) {
    builds.replaceChildren();
    for (const b of found) {
      const picked = new Map(b.args.map((a) => [a.name, a.many ? new Set() : null]));
      const groups = b.args.map((a) => {
        const buttons = a.options.map((o) => {
          const button = el("button", { type: "button", class: "tl-play-option", "aria-pressed": "false" }, o.text);
          button.addEventListener("click", () => {
            if (a.many) {
              const set = picked.get(a.name);
              set.has(o.value) ? set.delete(o.value) : set.add(o.value);
            } else {
              picked.set(a.name, picked.get(a.name) === o.value ? null : o.value);
            }
            buttons.forEach((x, i) => {
              const v = a.options[i].value;
              const on = a.many ? picked.get(a.name).has(v) : picked.get(a.name) === v;
              x.setAttribute("aria-pressed", String(on));
            });
          });
          return button;
        });
        return el("div", { class: "tl-play-arg", role: "group", "aria-label": s.args[a.name] || a.name },
                  el("span", { class: "tl-play-arg-name" }, s.args[a.name] || a.name), ...buttons);
      });
      const go = el("button", { type: "button", class: "md-button md-button--primary tl-play-try" }, s.try);
      go.addEventListener("click", () => {
        const args = { ...b.fixed };
        for (const a of b.args) {
          const v = picked.get(a.name);
          if (a.many) args[a.name] = [...v];
          else if (v !== null) args[a.name] = v;
        }
        play({ player: b.player, move: b.move, args });
      });
      builds.append(el("details", { class: "tl-play-build", "data-move": b.move, "data-player": b.player },
        el("summary", {}, `${s.build}: ${b.player} — ${s.verbs[b.move] || b.move}`),
        el("p", { class: "tl-play-hint" }, touch ? s.build_hint_touch : s.build_hint), ...groups, go));
    }
  }

  return {
    heading, tapHint, pickedNote, moves, more, builds, refusal, refuse,
    // the choices of the position just drawn into `picture`; null: the reader may not move here
    show(choices, movable = true) {
      refusal.hidden = true;
      list(choices);
      builders(movable ? choices.builders || [] : []);
      picks(movable ? choices : null);
    },
    clear() {
      current = null;
      chosen = [];
      moves.replaceChildren();
      builds.replaceChildren();
      heading.textContent = "";
      more.hidden = pickedNote.hidden = tapHint.hidden = refusal.hidden = true;
    },
    get current() { return current; },
  };
}
