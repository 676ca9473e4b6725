// The game table of a play page: a whole game against bots or with several people at one phone, laid out for one
// hand on a phone. The table (the picture) fills the screen above a dock that holds, always in view, the prompt
// (whose turn it is and what they may do), what just happened, the current choices and the table's buttons; on a
// wide screen the dock stands beside the table. A game log lists every step, folded by turn; a tap on a step shows
// the table as it was then.
//
// Hidden information stays hidden: the game itself is kept where the rules engine runs (tischlein.engine.table,
// in the engine's worker), and this page is only ever told what its viewer may know — the picture with the others'
// hidden cards face down, the viewer's own legal moves, the log in the words the viewer may hear. It holds no
// position of the game, and the saved game and a shared link hold the deal's seed and each move's number among
// the legal moves, never a card. Undo goes back to the viewer's own last decision (the bots' moves after it go
// too), as on Board Game Arena; a bot never moves a human's seat unless the human asks the bots to finish.
import { api, boot, el, fmt, openPanel } from "./engine-client.mjs";
import { LIMIT, choiceBox } from "./choices.js";
import { cardInfo } from "./cardinfo.js";
import { decodePosition, encodePosition, forgetGame, keepAwake, position, saveGame, savedGame } from "./table.js";

const FOLD = { list: 6, kind: 2 };     // the dock holds at most about six choices: fold kinds of several variants
// ms before each bot move, so that a player can follow what the bots do (the reader's choice, kept in this browser)
const PACES = { slow: 1500, normal: 700, fast: 250, instant: 0 };
const PACE_KEY = "tischlein.table.pace";
function pace() {
  try {
    return localStorage.getItem(PACE_KEY) in PACES ? localStorage.getItem(PACE_KEY) : "normal";
  } catch {
    return "normal";
  }
}
const CHUNK = 40;                      // bot moves per call when the bots finish the game
// the things on a picture whose change after a move is marked (engine/picture.py)
const THINGS = ".tl-card, .tl-die, .tl-token, .tl-tile, .tl-fact-value, .tl-space";

export function setupGame(panel) {
  const opened = openPanel(panel);
  if (!opened) return;
  const { data, s, engineUrl, gameUrl, rulesUrl, lang } = opened;
  const uid = `tl-game-${Math.random().toString(36).slice(2, 7)}`;
  const gameId = data.game;
  const start = panel.querySelector(".tl-play-start");
  const form = seatsForm(data.players);
  start.before(form.node);

  // The engine starts loading as the page opens: "Deal" is one tap, and a tap before it is ready deals when it is.
  const status = el("p", { class: "tl-play-status", role: "status", "data-state": "loading" },
                    el("progress", { class: "tl-play-progress", "aria-label": s.loading }), " ", s.loading);
  start.after(status);
  const booting = boot(engineUrl).then(() => {
    status.replaceChildren(s.engine_ready);
    status.dataset.state = "ready";
    return true;
  }, (err) => {
    status.replaceChildren(fmt(s.failed, { error: err.message }));
    status.dataset.state = "failed";
    return false;
  });

  start.addEventListener("click", async () => {
    start.disabled = true;
    if (!(await booting)) return;
    const { names, robots, seed } = form.read();
    const bots = Object.fromEntries([...robots].map((n) => [n, null]));
    const dealt = await api("open_table", gameUrl, names, seed, bots, [], lang);
    if (dealt.error) {                  // e.g. two players of one name: say so, and let the reader fix it
      form.why.textContent = dealt.error.message;
      start.disabled = false;
      return;
    }
    begin({ table: dealt.table, names, robots, seed }, "");
  });

  // A shared link (#table=…) or the game saved in this browser: dealt again and replayed by the engine. A link
  // that is damaged, for another game or with a move the rules refuse says so and leaves a clean table.
  async function resume() {
    const link = new URLSearchParams(location.hash.slice(1)).get("table");
    const saved = link === null ? savedGame(gameId, lang) : null;
    if (link === null && !saved) return;
    start.disabled = true;
    const refuse = (why) => {
      if (link !== null) history.replaceState(null, "", location.pathname + location.search);
      else forgetGame(gameId, lang);
      form.why.textContent = link !== null ? fmt(s.link_broken, { why }) : "";
      start.disabled = false;
    };
    try {
      const pos = link !== null ? await decodePosition(link) : saved;     // a broken link needs no engine
      if (!pos) return refuse(s.link_format);
      if (pos.g !== gameId) return refuse(s.link_game);
      if (!(await booting)) return refuse(s.link_format);
      const names = pos.p.map((seat) => seat[0]);
      const robots = new Set(pos.p.filter((seat) => seat[1]).map((seat) => seat[0]));
      const bots = Object.fromEntries(pos.p.filter((seat) => seat[1]).map(([n, , policy]) => [n, policy]));
      const out = await api("open_table", gameUrl, names, pos.s, bots, pos.m, lang);
      if (out.error && out.at === null) return refuse(fmt(s.link_players, { reason: out.error.message }));
      if (out.error) return refuse(fmt(s.link_move, { n: out.at + 1, reason: out.error.message }));
      if (link !== null) history.replaceState(null, "", location.pathname + location.search);
      begin({ table: out.table, names, robots, seed: pos.s, policies: bots },
            link !== null ? s.shared : s.resumed);
    } catch (err) {
      refuse(err.message);
    }
  }
  resume();

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
        const robots = new Set(names.filter((_, i) => chosen[i].bot.checked));
        return { names, robots, seed: Math.trunc(Number(seed.value)) || 0 };
      },
    };
  }

  // --- the table ----------------------------------------------------------------------------------------------
  function begin(game, note) {
    form.node.remove();
    status.remove();
    start.remove();
    const intro = panel.querySelector(".tl-play-intro");
    if (intro) intro.hidden = true;      // "Choose the players, then deal": done once the game is dealt
    keepAwake();
    const table = game.table;
    const names = game.names;
    let robots = new Set(game.robots);
    let humans = names.filter((n) => !robots.has(n));
    let holder = humans.length === 1 ? humans[0] : null;   // who holds the phone (several humans: passed on)
    let view = null;                // the last answer of the engine: what the viewer sees of the position shown
    let drawing = 0;                // the latest redraw: an older one still running stops
    let busy = false;

    const picture = el("div", { class: "tl-play-picture" });
    const drawnPicture = document.createElement("template");      // the last picture as drawn, to compare
    const board = el("div", { class: "tl-board", role: "region", "aria-label": s.picture, tabindex: "0" },
                     picture);
    const prompt = el("p", { class: "tl-dock-prompt", id: `${uid}-prompt`, "aria-live": "polite" });
    const happened = el("p", { class: "tl-play-happened" });
    const said = el("p", { class: "tl-dock-said", role: "status" }, note || "");
    const back = el("button", { type: "button", class: "md-button md-button--primary tl-dock-back", hidden: true },
                    s.back_to_game);
    const box = choiceBox({ s, uid, picture, play, rulesUrl, fold: FOLD, isReady: () => !busy });
    box.heading.classList.add("tl-sr");              // the prompt says it; the list keeps its name for a reader
    const ranking = el("ol", { class: "tl-play-ranking", hidden: true, "aria-label": s.ranking });
    const undo = el("button", { type: "button", class: "md-button tl-play-undo" }, s.undo_own);
    const logButton = el("button", { type: "button", class: "md-button tl-log-open",
                                     "aria-haspopup": "dialog" }, s.log);
    const share = el("button", { type: "button", class: "md-button tl-play-share" }, s.share);
    const fresh = el("button", { type: "button", class: "md-button tl-play-new" }, s.new_game);
    const finish = el("button", { type: "button", class: "md-button tl-play-bots-finish" });
    const confirm = el("p", { class: "tl-dock-confirm", role: "alert", hidden: true }, s.new_confirm, " ",
      el("button", { type: "button", class: "md-button md-button--primary tl-dock-confirm-yes" }, s.new),
      el("button", { type: "button", class: "md-button tl-dock-confirm-no" }, s.keep_playing));
    const linkField = el("input", { type: "text", readonly: true, class: "tl-play-share-link", id: `${uid}-link`,
                                    hidden: true });
    const linkLabel = el("label", { for: `${uid}-link`, class: "tl-play-share-label", hidden: true }, s.share_label);
    const speed = el("select", { id: `${uid}-pace`, class: "tl-dock-pace" },
      ...Object.keys(PACES).map((k) => el("option", { value: k, selected: k === pace() }, s[`pace_${k}`])));
    speed.addEventListener("change", () => {
      try {
        localStorage.setItem(PACE_KEY, speed.value);
      } catch {
        // no storage here: the pace holds for this page only
      }
    });
    const more = el("details", { class: "tl-dock-more" }, el("summary", {}, s.menu),
                    el("div", { class: "tl-dock-menu" },
                       el("label", { for: `${uid}-pace`, class: "tl-dock-pace-label" }, `${s.pace} `, speed),
                       finish, share, fresh));
    const bar = el("div", { class: "tl-dock-bar" }, undo, logButton, more);
    const dock = el("div", { class: "tl-dock", role: "region", "aria-labelledby": `${uid}-prompt` },
      prompt, happened, back, box.refusal, said, box.tapHint, box.pickedNote, box.heading, box.moves, box.more,
      box.builds, ranking, bar, confirm, linkLabel, linkField);
    const gameNode = el("div", { class: "tl-tabletop" }, board, dock);
    const log = gameLog();
    const cover = passScreen();
    panel.append(cover.node, gameNode, log.node);
    panel.classList.add("tl-play--game");

    const viewer = () => (!humans.length ? null : humans.length === 1 ? humans[0] : holder);
    const look = (at = null) => api("look", gameUrl, table, viewer(), at, lang, LIMIT);

    function setBusy(on) {
      busy = on;
      panel.dataset.state = on ? "busy" : "ready";
      for (const b of [undo, finish, share]) b.disabled = on || b.dataset.off === "1";
    }

    // The driver: the bots move one by one, shown as they go; then the human to decide gets the table. With
    // several people at one phone, nobody's view is asked for before the phone is theirs.
    async function refresh(known = null) {
      const token = ++drawing;
      setBusy(true);
      let v = known;
      try {
        for (;;) {
          if (humans.length > 1) {
            const w = await api("whose", gameUrl, table);
            if (w.error) throw w.error;
            if (token !== drawing) return;
            const next = !w.over && !w.bot ? w.actor : holder ?? humans[0];
            if (next !== holder) {
              cover.show(next);
              return;
            }
          }
          if (!v) v = await look();
          if (token !== drawing) return;
          if (v.error || v.over || !v.bot) break;
          render(v, { botTurn: true });
          await new Promise((r) => setTimeout(r, PACES[pace()]));
          if (token !== drawing) return;
          const moved = await api("bots_move", gameUrl, table, 1, false);
          if (moved.error) throw moved.error;
          v = null;
        }
      } catch (err) {
        if (token === drawing) box.refuse(err.message ? err : { message: fmt(s.failed, { error: String(err) }) });
        setBusy(false);
        return;
      }
      if (token !== drawing) return;
      if (v.error) box.refuse(v.error);
      else render(v, {});
      setBusy(false);
    }

    let placed = false;             // the table scrolled into view (at the deal, and after the phone is passed)
    function render(v, { botTurn = false, past = false }) {
      if (!placed) {
        placed = true;
        requestAnimationFrame(() => gameNode.scrollIntoView({ block: "start" }));
      }
      const before = view;
      view = v;
      panel.dataset.at = String(v.at);
      panel.dataset.last = String(v.last);
      panel.dataset.over = String(v.over);
      panel.dataset.viewer = viewer() ?? "";
      panel.dataset.bot = botTurn ? "moving" : "";
      panel.dataset.record = JSON.stringify(v.record.m);
      // what a move changed, against the picture as the engine drew it before (not as the table marked it up)
      const marks = before && !past && !before.past && v.at > before.at ? things(drawnPicture) : null;
      picture.innerHTML = v.draw.html ?? "";        // the engine's HTML: every text in it escaped there
      drawnPicture.innerHTML = v.draw.html ?? "";
      v.past = past;
      if (marks) markChanged(picture, board, marks);
      cardInfo(picture, data.cards, s);            // ⓘ and a long press hold a card up (cardinfo.js)
      happened.textContent = v.draw.text || (v.at === 0 ? s.dealt : "");
      back.hidden = !past;
      ranking.hidden = !v.over;
      ranking.replaceChildren(...(v.ranking || []).map((r) => el("li", {}, fmt(s.rank, r))));
      if (past) {
        prompt.textContent = fmt(s.looking, { step: v.at, last: v.last });
        box.show({ moves: [], builders: [] }, false);
        box.heading.textContent = prompt.textContent;
      } else if (v.over) {
        prompt.textContent = fmt(s.over, { winners: v.winners.join(", ") });
        box.show({ moves: [], over: true, winners: v.winners, builders: [] }, false);
      } else if (botTurn || !v.choices) {
        prompt.textContent = fmt(botTurn ? s.bot_moves : s.waiting, { player: v.actor ?? "" });
        box.show({ moves: [], builders: [] }, false);
        box.heading.textContent = prompt.textContent;
      } else {
        prompt.textContent = promptFor(v.actor, v.choices);
        box.show(v.choices);
      }
      undo.dataset.off = v.undo === null || v.over || past ? "1" : "0";
      undo.disabled = busy || undo.dataset.off === "1";
      // at the end of a game, a new one is the first thing offered; while it runs, undo is
      fresh.classList.toggle("md-button--primary", v.over);
      if (v.over && bar.firstChild !== fresh) bar.replaceChildren(fresh, logButton, more);
      else if (!v.over && bar.firstChild !== undo) {
        bar.replaceChildren(undo, logButton, more);
        more.lastChild.append(fresh);
      }
      finish.textContent = humans.length ? s.takeover : s.bots_finish;
      finish.hidden = v.over;
      finish.dataset.off = v.over ? "1" : "0";
      logButton.textContent = fmt(s.log_count, { n: v.log.length - 1 });
      log.fill(v.log);
      if (!past) save(v);
    }

    // "Ana's turn: draws 2 cards, takes a card or ends the turn": the kinds of move the choices offer, in words.
    function promptFor(actor, choices) {
      const kinds = [...new Set(choices.moves.map((c) => c.move.move))].map((m) => s.verbs[m] || m);
      let list = kinds.join(", ");
      try {
        list = new Intl.ListFormat(lang, { type: "disjunction" }).format(kinds);
      } catch {
        // an old browser: the kinds separated by commas
      }
      return `${fmt(s.turn, { player: actor })}: ${list}`;
    }

    async function play(move) {
      if (busy) return;
      box.refusal.hidden = true;
      said.textContent = "";
      setBusy(true);
      let out;
      try {
        out = await api("play_move", gameUrl, table, move, viewer(), lang, LIMIT);
      } catch (err) {
        out = { legal: false, error: { message: fmt(s.failed, { error: err.message }) } };
      }
      if (!out.legal) {
        setBusy(false);
        box.refuse(out.error || {});
        return;
      }
      refresh(out);
    }

    async function travel(at) {
      if (busy || !view || at === view.at && back.hidden) return;
      if (at >= view.last) return refresh();
      const token = ++drawing;
      setBusy(true);
      const v = await look(at);
      if (token !== drawing) return;
      if (!v.error) render(v, { past: true });
      setBusy(false);
    }
    back.addEventListener("click", () => refresh());

    undo.addEventListener("click", async () => {
      if (busy) return;
      setBusy(true);
      const out = await api("undo", gameUrl, table, viewer());
      if (out.error) {
        setBusy(false);
        box.refuse(out.error);
        return;
      }
      refresh();
    });

    // The bots finish the game (with people at the table: the bots take their seats too, as they asked).
    finish.addEventListener("click", async () => {
      if (busy) return;
      const token = ++drawing;
      setBusy(true);
      if (humans.length) {
        robots = new Set(names);
        humans = [];
      }
      let played = 0;
      for (let guard = 0; guard < 500; guard++) {
        const moved = await api("bots_move", gameUrl, table, CHUNK, true);
        if (token !== drawing) return;
        if (moved.error) {
          box.refuse(moved.error);
          break;
        }
        if (moved.over || !moved.played) break;
        played += moved.played;
        said.textContent = fmt(s.bots_playing, { step: view.last + played });
      }
      said.textContent = "";
      refresh();
    });

    // A tap on the table that does nothing says why.
    board.addEventListener("click", (event) => {
      if (event.defaultPrevented || busy) return;
      const thing = event.target.closest?.(THINGS);
      if (!thing || !picture.contains(thing)) return;
      said.textContent = !view || view.over ? "" : !back.hidden ? s.tap_past
        : !view.choices ? fmt(s.tap_wait, { player: view.actor ?? "" }) : s.tap_nothing;
    });

    share.addEventListener("click", async () => {
      const url = new URL(location.href);
      url.hash = `table=${await encodePosition(here(view))}`;
      linkField.value = url.href;
      linkField.hidden = linkLabel.hidden = false;
      linkField.select();
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

    // A new game asks first while this one is running.
    const newGame = () => {
      forgetGame(gameId, lang);
      api("close_table", gameUrl, table);
      history.replaceState(null, "", location.pathname + location.search);
      location.reload();
    };
    fresh.addEventListener("click", () => {
      if (!view || view.over) return newGame();
      confirm.hidden = false;
      confirm.querySelector(".tl-dock-confirm-no").focus();
    });
    confirm.querySelector(".tl-dock-confirm-yes").addEventListener("click", newGame);
    confirm.querySelector(".tl-dock-confirm-no").addEventListener("click", () => {
      confirm.hidden = true;
      fresh.focus();
    });

    function here(v) {
      const policies = Object.fromEntries(names.map((n) => [n, robots.has(n) ? (game.policies || {})[n] ?? null : null]));
      return position(gameId, names, robots, policies, game.seed, v.record.m);
    }

    function save(v) {
      saveGame(gameId, lang, here(v));
    }

    // The game log: every step, folded by turn (a run of steps by one player); the latest turn open.
    function gameLog() {
      const title = el("h2", { class: "tl-log-title", id: `${uid}-log` }, s.log);
      const list = el("ol", { class: "tl-log-turns" });
      const close = el("button", { type: "button", class: "md-button tl-log-close" }, s.close);
      const node = el("dialog", { class: "tl-log", "aria-labelledby": `${uid}-log` }, title, list, close);
      close.addEventListener("click", () => node.close());
      logButton.addEventListener("click", () => {
        node.showModal();
        node.scrollTop = node.scrollHeight;          // the latest turn, open at the end
      });
      return {
        node,
        fill(entries) {
          const turns = [];
          for (const entry of entries) {
            const last = turns[turns.length - 1];
            if (last && entry.at > 0 && last.player === entry.player) last.steps.push(entry);
            else turns.push({ player: entry.player, steps: [entry] });
          }
          list.replaceChildren(...turns.map((turn, i) => {
            const steps = el("ol", { class: "tl-log-steps" }, ...turn.steps.map((entry) => {
              const text = entry.text || (entry.at === 0 ? s.dealt : "");
              if (!entry.travel) return el("li", { class: "tl-log-step", "data-at": entry.at }, text);
              const go = el("button", { type: "button", class: "tl-log-go" }, text);
              go.addEventListener("click", () => {
                node.close();
                travel(entry.at);
              });
              return el("li", { class: "tl-log-step", "data-at": entry.at }, go);
            }));
            const name = turn.steps[0].at === 0 ? s.log_deal : turn.player;
            return el("li", { class: "tl-log-turn" },
              el("details", { open: i === turns.length - 1 },
                el("summary", {}, fmt(s.log_turn, { player: name, n: turn.steps.length })), steps));
          }));
        },
      };
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
        gameNode.hidden = false;
        refresh();
      });
      return {
        node,
        show(name) {
          waiting = name;
          view = null;                        // nothing of the last player's view stays in the page
          picture.replaceChildren();
          box.clear();
          log.fill([]);
          happened.textContent = prompt.textContent = said.textContent = "";
          gameNode.hidden = true;
          placed = false;
          title.textContent = fmt(s.pass, { player: name });
          button.textContent = fmt(s.reveal, { player: name });
          node.hidden = false;
          panel.dataset.state = "covered";
          panel.dataset.viewer = "";
          busy = false;
          node.scrollIntoView({ block: "center" });
          button.focus();
        },
      };
    }

    refresh();
  }
}

// Each thing on the picture with where it lies (its player's panel and zone) and how it looks.
function things(drawn) {
  const seen = new Map();
  for (const node of drawn.content.querySelectorAll(THINGS)) {
    const key = thingKey(node);
    seen.set(key, (seen.get(key) || 0) + 1);
  }
  return seen;
}

function thingKey(node) {
  const panelName = node.closest(".tl-panel")?.querySelector(".tl-panel-name")?.textContent ?? "";
  const zone = node.closest(".tl-zone")?.querySelector(".tl-zone-label")?.textContent ?? "";
  return `${panelName}\u0000${zone}\u0000${node.outerHTML}`;
}

// Outline what a move changed: each thing the picture before did not have at that place; the first one scrolled
// into the table's view.
function markChanged(picture, board, before) {
  let first = null;
  for (const node of picture.querySelectorAll(THINGS)) {
    const key = thingKey(node);
    const left = before.get(key) || 0;
    if (left > 0) {
      before.set(key, left - 1);
      continue;
    }
    if (node.parentElement?.closest(".tl-changed")) continue;
    node.classList.add("tl-changed");
    first = first || node;
  }
  if (first) {
    const a = first.getBoundingClientRect();
    const b = board.getBoundingClientRect();
    if (a.top < b.top || a.bottom > b.bottom) board.scrollTop += a.top - b.top - 16;
  }
}
