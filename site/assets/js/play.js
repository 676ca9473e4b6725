// The table on example pages: the example played move by move in the browser. Loads nothing until the reader
// clicks; then the page's one rules engine (engine-client.mjs: Pyodide in a worker) replays the example and
// from then on answers every click in one call each: a position's picture and legal moves in the engine's own
// words (api.view: api.draw and api.choices of one state), a move played with the view of the new position
// (api.play: an illegal one is refused with the engine's reason and rule before anything changes). The picture
// is api.draw's, the same drawing code the pre-rendered steps come from. An example is an open table: every
// card of it is printed on the page already.
//
// The line of play is a list of positions with a cursor: undo and redo move the cursor, the slider jumps to
// any position, and a move chosen anywhere but at the end cuts the rest off ("what if" from that step). A move is
// chosen from the list or on the picture itself (choices.js).
//
// A game's play page (data-mode="new") is a whole game with hidden cards: game.js, loaded only there.
import { api, boot, el, fmt, openPanel } from "./engine-client.mjs";
import { LIMIT, choiceBox } from "./choices.js";
import { cardInfo } from "./cardinfo.js";

const FOLD = { list: 12, kind: 6 };     // a longer list folds the kinds of move with more variants than `kind`

function setup(panel) {
  if (panel.dataset.mode === "new") {
    import("./game.js").then((m) => m.setupGame(panel));
    return;
  }
  const opened = openPanel(panel);
  if (!opened) return;
  const { data, s, engineUrl, gameUrl, rulesUrl, lang } = opened;
  const uid = `tl-play-${document.querySelectorAll(".tl-play").length}-${Math.random().toString(36).slice(2, 7)}`;

  const start = panel.querySelector(".tl-play-start");
  start.addEventListener("click", async () => {
    start.disabled = true;
    const status = el("p", { class: "tl-play-status", role: "status", "data-state": "loading" }, s.loading);
    start.replaceWith(status);
    const example = [];
    try {
      await boot(engineUrl);
      const res = await api("run", gameUrl, data.example, null, lang);
      if (!res.start) throw new Error((res.error && res.error.message) || "no start");
      example.push({ state: res.start.state, move: null, text: s.start_text });
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

  function build(example) {
    let line = example.slice();     // the positions of the line being played
    let at = 0;                     // the position shown
    let own = null;                 // the first position the reader made (null: all the example's)
    let drawing = 0;                // the latest redraw: an older answer arriving late is dropped

    const slider = el("input", { type: "range", min: 0, max: line.length - 1, value: 0, step: 1, id: `${uid}-step`,
                                 class: "tl-play-slider" });
    const where = el("output", { for: `${uid}-step`, class: "tl-play-where" });
    const undo = el("button", { type: "button", class: "md-button tl-play-undo" }, s.undo);
    const redo = el("button", { type: "button", class: "md-button tl-play-redo" }, s.redo);
    const restart = el("button", { type: "button", class: "md-button tl-play-restart" }, s.restart);
    const ownNote = el("p", { class: "tl-play-own", hidden: true });
    const happened = el("p", { class: "tl-play-happened", "aria-live": "polite" });
    const picture = el("div", { class: "tl-play-picture", role: "region", "aria-label": s.picture });
    const box = choiceBox({ s, uid, picture, play, rulesUrl, fold: FOLD, isReady: () => panel.dataset.state === "ready" });
    box.heading.setAttribute("aria-live", "polite");
    const body = el("div", { class: "tl-play-body" },
        el("div", { class: "tl-play-controls" },
          el("label", { for: `${uid}-step`, class: "tl-play-slider-label" }, s.slider), slider, where,
          el("span", { class: "tl-play-buttons" }, undo, redo, restart)),
        ownNote,
        el("div", { class: "tl-play-what" }, el("strong", {}, `${s.happened}: `), happened),
        picture, box.tapHint, box.heading, box.pickedNote, box.moves, box.more, box.builds, box.refusal);
    panel.querySelector(".tl-play-intro")?.after(body);

    slider.addEventListener("input", () => show(Number(slider.value)));
    undo.addEventListener("click", () => show(at - 1));
    redo.addEventListener("click", () => show(at + 1));
    restart.addEventListener("click", () => {
      line = example.slice();
      own = null;
      show(0);
    });

    async function play(move) {
      box.refusal.hidden = true;
      let out;
      try {
        out = await api("play", gameUrl, line[at].state, move, lang, null, LIMIT);
      } catch (err) {
        box.refuse({ message: fmt(s.failed, { error: err.message }) });
        return;
      }
      if (!out.legal) {
        box.refuse(out.error || {});
        return;
      }
      line = line.slice(0, at + 1);
      line.push({ state: out.state, move, text: out.text || "" });
      if (own === null || own > at + 1) own = at + 1;
      show(at + 1, out.view);
    }

    // Show position `index`, drawn by api.view (or from `known`: the view api.play answered with).
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
      happened.textContent = line[at].text;
      panel.dataset.state = "busy";
      const { draw: drawn, choices } = known || await api("view", gameUrl, line[at].state, lang, null, LIMIT);
      if (token !== drawing) return;
      panel.dataset.at = String(at);
      panel.dataset.moves = JSON.stringify(line.slice(1, at + 1).map((e) => e.move));   // the line, for a test
      picture.innerHTML = drawn.html ?? "";        // api.draw's HTML: every text in it escaped by the engine
      if (drawn.error) picture.replaceChildren(el("p", { class: "tl-play-refused" }, drawn.error.message));
      cardInfo(picture, data.cards, s);            // ⓘ and a long press hold a card up (cardinfo.js)
      box.show(choices);
      panel.dataset.state = "ready";
      panel.dataset.over = String(Boolean(choices.over));
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
