// The table on example pages: the example played move by move in the browser. Loads nothing until the reader
// clicks; then the page's one rules engine (engine-client.mjs: Pyodide in a worker) replays the example and
// from then on answers every click in one call each: a position's picture and legal moves in the engine's own
// words (api.view: api.draw and api.choices of one state), a move played with the view of the new position
// (api.play: an illegal one is refused with the engine's reason and rule before anything changes). The picture
// is api.draw's, the same drawing code the pre-rendered steps come from.
//
// The line of play is a list of positions with a cursor: undo and redo move the cursor, the slider jumps to
// any position, and a move chosen anywhere but at the end cuts the rest off ("what if" from that step).
//
// A move is chosen from the list or on the picture itself (picks.js): the cards, dice and places a listed move
// uses are buttons; each tap narrows the list to the moves that use everything tapped, and plays the move once
// only one is left. A long list folds each kind of move with many variants (44 cards to turn up) into a group.
//
// On a game's play page (data-mode="new") the same table plays a whole game: the reader picks the players,
// who is a bot and a seed; api.new_game deals, and the bots' turns are api.bots_play (the engine's best policy):
// one move when a bot's turn comes, or the rest of the game in chunks of moves for "Bots play to the end".
// It is a real table: with two or more people at one phone each sees only their own hidden cards (api.draw and
// api.choices with a viewer), and a "pass the phone" screen covers the table between two of them; a position
// can be shared as a link, the game in progress survives a reload, and the screen stays awake (table.js).
import { api, boot, el, fmt, openPanel } from "./engine-client.mjs";
import { pickOf, tapped, uses } from "./picks.js";
import { cardInfo } from "./cardinfo.js";
import { decodePosition, encodePosition, forgetGame, keepAwake, position, saveGame, savedGame } from "./table.js";

const LIMIT = 200;          // the most moves of one kind the engine lists with their texts (api.choices)
const FOLD_LIST = 12;       // a longer list folds the kinds of move …
const FOLD_KIND = 6;        // … that have more variants than this

function setup(panel) {
  const opened = openPanel(panel);
  if (!opened) return;
  const { data, s, engineUrl, gameUrl, rulesUrl, lang } = opened;
  const uid = `tl-play-${document.querySelectorAll(".tl-play").length}-${Math.random().toString(36).slice(2, 7)}`;

  const start = panel.querySelector(".tl-play-start");
  const form = data.players ? seatsForm(data.players) : null;
  const gameId = data.game;
  if (form) start.before(form.node);
  start.addEventListener("click", async () => {
    start.disabled = true;
    const status = el("p", { class: "tl-play-status", role: "status", "data-state": "loading" }, s.loading);
    start.replaceWith(status);
    let example = [];
    try {
      await boot(engineUrl);
      if (form) {
        const { names, robots, seed } = form.read();
        const dealt = await api("new_game", gameUrl, names, seed, lang);
        if (dealt.error) {                  // e.g. two players of one name: say so, and let the reader fix it
          form.why.textContent = dealt.error.message;
          status.replaceWith(start);
          start.disabled = false;
          return;
        }
        form.node.remove();
        status.remove();
        const policies = Object.fromEntries(names.map((n) => [n, robots.has(n) ? dealt.policies[0] : null]));
        build([{ state: dealt.state, move: null, text: dealt.text || s.dealt }], { bots: robots, seed, names, policies });
        return;
      }
      const res = await api("run", gameUrl, data.example, null, lang);
      if (!res.start) throw new Error((res.error && res.error.message) || "no start");
      example = [{ state: res.start.state, move: null, text: s.start_text }];
      for (const step of res.steps) {
        if (!step.legal || !step.state) break;
        example.push({ state: step.state, move: step.move, text: step.text || "" });
      }
    } catch (err) {
      status.textContent = fmt(s.failed, { error: err.message });
      status.dataset.state = "failed";
      return;
    }
    status.remove();
    build(example);
  });

  // A shared link (#table=…) or the game saved in this browser: dealt again and replayed by the engine. A link
  // that is damaged, for another game or with a move the rules refuse says so and leaves a clean table.
  async function resume() {
    const link = new URLSearchParams(location.hash.slice(1)).get("table");
    const saved = link === null ? savedGame(gameId, lang) : null;
    if (link === null && !saved) return;
    start.disabled = true;
    const status = el("p", { class: "tl-play-status", role: "status", "data-state": "loading" }, s.loading);
    start.replaceWith(status);
    const refuse = (why) => {
      if (link !== null) history.replaceState(null, "", location.pathname + location.search);
      else forgetGame(gameId, lang);
      form.why.textContent = link !== null ? fmt(s.link_broken, { why }) : "";
      status.replaceWith(start);
      start.disabled = false;
    };
    try {
      const pos = link !== null ? await decodePosition(link) : saved;     // a broken link needs no engine
      if (!pos) return refuse(s.link_format);
      if (pos.g !== gameId) return refuse(s.link_game);
      await boot(engineUrl);
      const names = pos.p.map((seat) => seat[0]);
      const out = await api("replay_game", gameUrl, names, pos.s, pos.m, lang);
      if (out.error && out.at === null) return refuse(fmt(s.link_players, { reason: out.error.message }));
      if (out.error) return refuse(fmt(s.link_move, { n: out.at + 1, reason: out.error.message }));
      const bots = new Set(pos.p.filter((seat) => seat[1]).map((seat) => seat[0]));
      const policies = Object.fromEntries(pos.p.map(([n, bot, policy]) => [n, bot ? policy : null]));
      if (pos.p.some(([, bot, policy]) => bot && policy !== null && !out.policies.includes(policy))) {
        return refuse(s.link_format);
      }
      if (link !== null) history.replaceState(null, "", location.pathname + location.search);
      form.node.remove();
      status.remove();
      const line = out.states.map((state, i) => ({ state, move: i ? pos.m[i - 1] : null, text: "" }));
      build(line, { bots, seed: pos.s, names, policies }, link !== null ? s.shared : s.resumed);
    } catch (err) {
      refuse(err.message);
    }
  }
  if (form) resume();

  // The players of a new game: how many, each one's name and whether a bot plays the seat, and the seed.
  function seatsForm([fewest, most]) {
    const id = (k) => `${uid}-${k}`;
    const count = el("select", { id: id("count"), class: "tl-play-count" },
      ...Array.from({ length: most - fewest + 1 }, (_, i) => el("option", { value: fewest + i }, String(fewest + i))));
    const seed = el("input", { id: id("seed"), type: "number", min: 0, step: 1, value: 1, inputmode: "numeric",
                               class: "tl-play-seed" });
    const seats = el("ol", { class: "tl-play-seats" });
    const rows = [];
    const draw = () => {
      const n = Number(count.value);
      while (rows.length < n) {
        const i = rows.length + 1;
        const name = el("input", { id: id(`name-${i}`), type: "text", value: fmt(s.seat, { n: i }), maxlength: 24,
                                   class: "tl-play-name", "aria-label": `${fmt(s.seat, { n: i })}: ${s.name}` });
        const bot = el("input", { id: id(`bot-${i}`), type: "checkbox", class: "tl-play-isbot", checked: i > 1 });
        rows.push({ name, bot, node: el("li", {}, name, el("label", { for: id(`bot-${i}`) }, bot, ` ${s.bot}`)) });
      }
      seats.replaceChildren(...rows.slice(0, n).map((r) => r.node));
    };
    count.value = String(Math.min(most, Math.max(fewest, 2)));       // someone to play against
    count.addEventListener("change", draw);
    draw();
    const why = el("p", { class: "tl-play-refused", role: "alert" });
    const node = el("div", { class: "tl-play-form" },
      el("p", {}, el("label", { for: id("count") }, `${s.count} `), count, " ",
        el("label", { for: id("seed") }, `${s.seed} `), seed), seats, why);
    return {
      node, why,
      read() {
        const chosen = rows.slice(0, Number(count.value));
        const names = chosen.map((r, i) => r.name.value.trim() || fmt(s.seat, { n: i + 1 }));
        const robots = new Set(chosen.filter((r) => r.bot.checked).map((r, i) => names[rows.indexOf(r)]));
        return { names, robots, seed: Math.trunc(Number(seed.value)) || 0 };
      },
    };
  }

  function build(example, game = null, note = "") {
    let line = example.slice();     // the positions of the line being played
    let at = game ? line.length - 1 : 0;     // the position shown (a resumed game: where it was left)
    const humans = game ? game.names.filter((n) => !game.bots.has(n)) : [];
    let holder = null;              // the human who holds the phone now (hot-seat: several humans at one phone)
    let actor = null;               // who decides in the position shown
    let own = null;                 // the first position the reader made (null: all the example's)
    let drawing = 0;                // the latest redraw: an older answer arriving late is dropped
    let current = null;             // the choices of the position shown, while the reader may move there
    let chosen = [];                // the things tapped on the picture (picks.js), in the order tapped

    const slider = el("input", { type: "range", min: 0, max: line.length - 1, value: 0, step: 1, id: `${uid}-step`,
                                 class: "tl-play-slider" });
    const where = el("output", { for: `${uid}-step`, class: "tl-play-where" });
    const undo = el("button", { type: "button", class: "md-button tl-play-undo" }, s.undo);
    const redo = el("button", { type: "button", class: "md-button tl-play-redo" }, s.redo);
    const restart = el("button", { type: "button", class: "md-button tl-play-restart" }, s.restart);
    const ownNote = el("p", { class: "tl-play-own", hidden: true });
    const happened = el("p", { class: "tl-play-happened", "aria-live": "polite" });
    const refusal = el("p", { class: "tl-play-refused", role: "alert", hidden: true });
    const picture = el("div", { class: "tl-play-picture", role: "region", "aria-label": s.picture });
    const tapHint = el("p", { class: "tl-play-tap", hidden: true }, s.tap);
    const heading = el("p", { class: "tl-play-moves-title", id: `${uid}-moves` });
    const pickedNote = el("p", { class: "tl-play-picked", role: "status", hidden: true });
    const unpick = el("button", { type: "button", class: "tl-play-unpick" }, s.unpick);
    unpick.addEventListener("click", () => pickNothing());
    const moves = el("ul", { class: "tl-play-moves", "aria-labelledby": `${uid}-moves` });
    const more = el("p", { class: "tl-play-more", hidden: true });
    const builds = el("div", { class: "tl-play-builds" });
    const ranking = el("ol", { class: "tl-play-ranking", hidden: true });
    const botStep = el("button", { type: "button", class: "md-button tl-play-bot-step" }, s.bot_step);
    const botsFinish = el("button", { type: "button", class: "md-button tl-play-bots-finish" }, s.bots_finish);
    const table = game ? tableBar(note) : null;
    const cover = game ? passScreen() : null;
    const body = el("div", { class: "tl-play-body" },
        el("div", { class: "tl-play-controls" },
          el("label", { for: `${uid}-step`, class: "tl-play-slider-label" }, s.slider), slider, where,
          // a new game has no example to go back to; an example has no bots
          el("span", { class: "tl-play-buttons" }, undo, redo,
             ...(!game ? [restart] : game.bots.size ? [botStep, botsFinish] : []))),
        ownNote,
        el("div", { class: "tl-play-what" }, el("strong", {}, `${s.happened}: `), happened),
        ranking, picture, tapHint, heading, pickedNote, moves, more, builds, refusal, ...(table ? [table.node] : []));
    const intro = panel.querySelector(".tl-play-intro");
    intro?.after(...(cover ? [cover.node] : []), body);
    if (game && intro) intro.hidden = true;      // "Choose the players, then deal": done once the game is dealt
    if (game) keepAwake();

    // The bots' moves, seeded by the game's seed and the step (api.bots_play: seed * 7919 + step), so the same
    // game replays alike. One call at a time: a bot's own turn and the reader's buttons never move at once.
    let moving = false;
    let over = false;
    async function botsPlay(most) {
      if (moving || over) return false;
      moving = true;
      try {
        const out = await api("bots_play", gameUrl, line[at].state, game.seed, at, game.policies, [], most);
        if (out.line.length) {
          line = line.slice(0, at + 1);
          for (const step of out.line) line.push({ state: step.state, move: step.move, text: "" });
          at = line.length - 1;
          over = out.over;
          actor = out.actor ?? null;
        }
        if (out.error) {
          refuse(out.error);
          return false;
        }
        return out.line.length > 0;
      } finally {
        moving = false;
      }
    }
    const botMove = () => botsPlay(1);
    botStep.addEventListener("click", async () => {
      if (await botMove()) show(at);
    });
    // the rest of the game in chunks, the step shown as it goes (a long game keeps the page responsive)
    const CHUNK = 40;
    botsFinish.addEventListener("click", async () => {
      botsFinish.disabled = botStep.disabled = true;
      panel.dataset.state = "busy";
      ++drawing;                                 // no bot's turn scheduled by the last redraw plays in between
      while (moving) await new Promise((r) => setTimeout(r, 50));
      for (let guard = 0; guard < 500 && !over; guard++) {
        if (!(await botsPlay(CHUNK))) break;
        slider.max = String(line.length - 1);
        slider.value = String(at);
        where.textContent = fmt(s.position, { step: at, last: line.length - 1 });
      }
      botsFinish.disabled = botStep.disabled = false;
      show(at);
    });

    slider.addEventListener("input", () => show(Number(slider.value)));
    undo.addEventListener("click", () => show(at - 1));
    redo.addEventListener("click", () => show(at + 1));
    restart.addEventListener("click", () => {
      line = example.slice();
      own = null;
      show(0);
    });

    async function play(move) {
      refusal.hidden = true;
      let out;
      try {
        out = await api("play", gameUrl, line[at].state, move, lang, viewing(), LIMIT);
      } catch (err) {
        refuse({ message: fmt(s.failed, { error: err.message }) });
        return;
      }
      if (!out.legal) {
        refuse(out.error || {});
        return;
      }
      line = line.slice(0, at + 1);
      line.push({ state: out.state, move, text: out.text || "" });
      if (!game && (own === null || own > at + 1)) own = at + 1;
      show(at + 1, out.view);
    }

    // who looks at the table: nobody in particular for an example or a table of bots, the one person at it, or
    // (several people at one phone) whoever holds it now
    function viewing() {
      return !game || !humans.length ? null : humans.length === 1 ? humans[0] : holder;
    }

    function refuse(error) {
      refusal.replaceChildren(el("strong", {}, `${s.illegal} `));
      if (error.rule) {
        const href = new URL(rulesUrl.href);
        href.hash = error.rule;
        refusal.append(`${s.rule} `, el("a", { href: href.href, class: "tl-rule-link" }, error.rule), ": ");
      }
      refusal.append(error.message || error.key || "");
      refusal.hidden = false;
    }

    // Show position `index`, drawn by api.view (or from `known`: the view api.play answered with, made for the
    // same viewer).
    async function show(index, known = null) {
      if (index < 0 || index >= line.length) return;
      at = index;
      const token = ++drawing;
      slider.max = String(line.length - 1);
      slider.value = String(at);
      where.textContent = fmt(s.position, { step: at, last: line.length - 1 });
      slider.setAttribute("aria-valuetext", where.textContent);
      undo.disabled = at === 0;
      redo.disabled = at === line.length - 1;
      restart.disabled = own === null;
      ownNote.hidden = own === null || at < own;
      if (own !== null) ownNote.textContent = fmt(s.own, { step: own });
      if (!game) happened.textContent = line[at].text;
      refusal.hidden = true;
      panel.dataset.state = "busy";
      panel.dataset.bot = "";
      const viewer = viewing();
      const { draw: drawn, choices } = known || await api("view", gameUrl, line[at].state, lang, viewer, LIMIT);
      if (token !== drawing) return;
      actor = drawn.actor ?? null;
      panel.dataset.at = String(at);
      panel.dataset.moves = JSON.stringify(line.slice(1, at + 1).map((e) => e.move));   // the line, for a test or a link
      if (game) {
        save();
        // hot-seat: the next human is not the one holding the phone, so nothing of the table shows until they
        // say they have it (before the first move: whoever takes the phone first)
        const next = actor !== null && !game.bots.has(actor) ? actor : null;
        if (humans.length > 1 && !choices.over && (holder === null || (next !== null && next !== holder))) {
          cover.show(next ?? humans[0]);
          return;
        }
        happened.textContent = drawn.text || (at === 0 ? s.dealt : "");
        panel.dataset.viewer = viewer ?? "";
      }
      picture.innerHTML = drawn.html ?? "";        // api.draw's HTML: every text in it escaped by the engine
      if (drawn.error) picture.replaceChildren(el("p", { class: "tl-play-refused" }, drawn.error.message));
      cardInfo(picture, data.cards, s);            // ⓘ and a long press hold a card up (cardinfo.js)
      list(choices);
      builders(choices.builders || []);
      standing(choices);
      panel.dataset.state = "ready";
      panel.dataset.over = String(Boolean(choices.over));
      over = Boolean(choices.over);
      const movers = new Set((choices.moves || []).map((c) => c.move.player));
      // a bot's turn at the end of the line: it moves by itself (not while the reader looks back)
      const botTurn = game && !choices.over && at === line.length - 1 && movers.size
        && [...movers].every((p) => game.bots.has(p));
      picks(botTurn || choices.error ? null : choices);
      if (botTurn) {
        heading.textContent = fmt(s.bot_moves, { player: [...movers].join(", ") });
        panel.dataset.bot = "moving";
        moves.replaceChildren();
        builds.replaceChildren();
        setTimeout(async () => {
          if (token === drawing && at === line.length - 1 && (await botMove())) show(at);
        }, 400);
      }
    }

    // The table covered while the phone goes to the next human: only their name and one button show.
    function passScreen() {
      const title = el("h3", { class: "tl-play-pass-title", id: `${uid}-pass` });
      const hint = el("p", { class: "tl-play-pass-hint" }, s.pass_hint);
      const button = el("button", { type: "button", class: "md-button md-button--primary tl-play-reveal" });
      const node = el("section", { class: "tl-play-pass", hidden: true, "aria-labelledby": `${uid}-pass` },
                      title, hint, button);
      let waiting = null;
      button.addEventListener("click", () => {
        holder = waiting;
        node.hidden = true;
        body.hidden = false;
        show(at);
      });
      return {
        node,
        show(name) {
          waiting = name;
          picture.replaceChildren();          // nothing of the last player's view stays in the page
          moves.replaceChildren();
          builds.replaceChildren();
          happened.textContent = "";
          heading.textContent = "";
          body.hidden = true;
          title.textContent = fmt(s.pass, { player: name });
          button.textContent = fmt(s.reveal, { player: name });
          node.hidden = false;
          panel.dataset.state = "covered";
          panel.dataset.viewer = "";
          button.focus();
        },
      };
    }

    // Share this position as a link; start a new game (the saved one is forgotten).
    function tableBar(text) {
      const share = el("button", { type: "button", class: "md-button tl-play-share" }, s.share);
      const fresh = el("button", { type: "button", class: "md-button tl-play-new" }, s.new_game);
      const said = el("p", { class: "tl-play-note", role: "status" }, text);
      const field = el("input", { type: "text", readonly: true, class: "tl-play-share-link", id: `${uid}-link`,
                                  hidden: true });
      const label = el("label", { for: `${uid}-link`, class: "tl-play-share-label", hidden: true }, s.share_label);
      share.addEventListener("click", async () => {
        const url = new URL(location.href);
        url.hash = `table=${await encodePosition(here())}`;
        field.value = url.href;
        field.hidden = label.hidden = false;
        field.select();
        if (navigator.share && matchMedia("(pointer: coarse)").matches) {
          try {
            await navigator.share({ title: document.title, url: url.href });
            return;
          } catch {
            // dismissed or refused: the link stays in the field to copy by hand
          }
        }
        try {
          await navigator.clipboard.writeText(url.href);
          said.textContent = s.share_copied;
        } catch {
          said.textContent = "";               // no clipboard here: the selected field is the way
        }
      });
      fresh.addEventListener("click", () => {
        forgetGame(gameId, lang);
        history.replaceState(null, "", location.pathname + location.search);
        location.reload();
      });
      return { node: el("div", { class: "tl-play-table" }, el("span", { class: "tl-play-buttons" }, share, fresh),
                        said, label, field) };
    }

    function here() {
      return position(gameId, game.names, game.bots, game.policies, game.seed,
                      line.slice(1, at + 1).map((e) => e.move));
    }

    function save() {
      saveGame(gameId, lang, here());
    }

    function standing(choices) {
      ranking.hidden = !choices.over;
      ranking.replaceChildren(...(choices.ranking || []).map((r) => el("li", {}, fmt(s.rank, r))));
      if (choices.over) ranking.setAttribute("aria-label", s.ranking);
    }

    // The legal moves as buttons: all of them, or (`only`) those that use what was tapped on the picture. A long
    // list folds each kind with many variants into a group of its own, named with how many there are.
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
      heading.setAttribute("aria-live", "polite");     // whose turn it is, announced after each move
      // one button per move the reader can tell apart: two that read alike (a second beer put on row 1) are one
      const seen = new Set();
      const shown = (only ?? choices.moves).filter((c) => !seen.has(c.text) && seen.add(c.text));
      const item = (choice) => {
        const button = el("button", { type: "button", class: "tl-play-move" }, choice.text);
        button.addEventListener("click", () => play(choice.move));
        return el("li", {}, button);
      };
      if (only !== null || shown.length <= FOLD_LIST) {
        moves.append(...shown.map(item));
        return;
      }
      const kindOf = (choice) => `${choice.move.player}\u0000${choice.move.move}`;   // a kind is one player's
      const count = new Map();
      for (const choice of shown) count.set(kindOf(choice), (count.get(kindOf(choice)) || 0) + 1);
      const groups = new Map();            // a folded kind's list, in the place of its first move
      for (const choice of shown) {
        const kind = kindOf(choice);
        if (count.get(kind) <= FOLD_KIND) moves.append(item(choice));
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

    // The things on the picture that a listed move uses become buttons (picks.js); a bot's turn, a game over or
    // a position the reader may not move in (`choices` null) has none.
    function picks(choices) {
      current = choices && !choices.over ? choices : null;
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
      if (!current || panel.dataset.state !== "ready") return;
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
    function builders(list) {
      builds.replaceChildren();
      for (const b of list) {
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
          el("p", { class: "tl-play-hint" }, s.build_hint), ...groups, go));
      }
    }

    show(at);
  }
}

function init() {
  document.querySelectorAll(".tl-play").forEach(setup);
}

// A shared link pasted into a tab that shows the play page already: only the hash changes, so deal it afresh.
window.addEventListener("hashchange", () => {
  if (document.querySelector('.tl-play[data-mode="new"]') && location.hash.startsWith("#table=")) location.reload();
});

if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(init);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
