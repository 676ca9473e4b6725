// The "try it" panel on example pages. Loads nothing until the reader clicks: then it starts a module web
// worker (engine-client.mjs: the page's one engine, shared with the table) and checks the moves the reader
// edits. All URLs are relative to this script or to the page: the site needs no other origin.
import { boot, call, el, fmt, gameJson, openPanel } from "./engine-client.mjs";

function setup(panel) {
  const opened = openPanel(panel);
  if (!opened) return;
  const { data, s, engineUrl, gameUrl, rulesUrl, lang } = opened;
  const original = (data.example.moves || []).map((m) => {
    const { note, ...move } = m;
    return JSON.stringify(move);
  }).join("\n");

  const start = panel.querySelector(".tl-tryit-start");
  start.addEventListener("click", async () => {
    start.disabled = true;
    const status = el("p", { class: "tl-tryit-status", role: "status", "data-state": "loading" }, s.loading);
    const help = el("p", { class: "tl-tryit-help" }, s.help);
    const area = el("textarea", { spellcheck: "false", "aria-label": s.help, class: "tl-tryit-moves" });
    area.value = original;
    const check = el("button", { type: "button", class: "md-button md-button--primary tl-tryit-check" }, s.check);
    const reset = el("button", { type: "button", class: "md-button tl-tryit-reset" }, s.reset);
    const results = el("ol", { class: "tl-tryit-results", "aria-live": "polite" });
    check.disabled = true;
    start.replaceWith(el("div", { class: "tl-tryit-body" }, status, help, area, check, reset, results));

    const t0 = performance.now();
    try {
      await boot(engineUrl);
      const seconds = Math.round((performance.now() - t0) / 100) / 10;     // fmt writes it as the page's language does
      status.textContent = fmt(s.ready, { seconds });
      status.dataset.state = "ready";
      status.dataset.readyMs = String(Math.round(performance.now() - t0));
      check.disabled = false;
    } catch (err) {
      status.textContent = fmt(s.failed, { error: err.message });
      status.dataset.state = "failed";
      return;
    }

    reset.addEventListener("click", () => { area.value = original; results.replaceChildren(); });
    check.addEventListener("click", async () => {
      results.replaceChildren();
      const lines = area.value.split("\n").map((l) => l.trim()).filter((l) => l);
      const moves = [];
      for (const [i, line] of lines.entries()) {
        try {
          const move = JSON.parse(line);
          if (typeof move !== "object" || move === null || Array.isArray(move)) throw new Error("{…}");
          moves.push(move);
        } catch (err) {
          results.append(el("li", { class: "tl-res-bad" }, fmt(s.bad_json, { line: i + 1, error: err.message })));
          return;
        }
      }
      check.disabled = true;
      status.dataset.state = "checking";
      try {
        const game = await gameJson(gameUrl);
        const example = { ...data.example, moves };
        const out = JSON.parse(await call({ type: "run", game, gameKey: gameUrl, example: JSON.stringify(example), lang }));
        show(out, moves);
      } catch (err) {
        results.append(el("li", { class: "tl-res-bad" }, fmt(s.failed, { error: err.message })));
      } finally {
        check.disabled = false;
        status.dataset.state = "ready";
      }
    });

    function show(out, moves) {
      const err = out.error;
      if (err && (err.index === null || err.index === undefined)) {
        results.append(el("li", { class: "tl-res-bad", "data-result": "error" }, err.message || ""));
      }
      moves.forEach((move, i) => {
        const code = el("code", {}, JSON.stringify(move));
        if (i < out.steps.length && out.steps[i].legal) {
          const step = out.steps[i];
          results.append(el("li", { "data-result": "legal" }, el("span", { class: "tl-res-ok" }, `✓ ${s.legal}`), " ",
            code, step.text ? ` — ${step.text}` : ""));
        } else if (err && err.index === i) {
          const li = el("li", { "data-result": "illegal", "data-rule": err.rule || "" },
            el("span", { class: "tl-res-bad" }, `✗ ${s.illegal}`), " ", code, el("br"));
          li.append(err.message || "");
          if (err.rule && err.rule_title) {       // the rule by its title; its id is only the link's anchor
            const href = new URL(rulesUrl.href);
            href.hash = err.rule;
            li.append(` (${s.rule}: `, el("a", { href: href.href, class: "tl-rule-link" }, err.rule_title), ")");
          }
          results.append(li);
        } else {
          results.append(el("li", { "data-result": "skipped" }, el("span", { class: "tl-res-skip" }, s.not_checked),
            " ", code));
        }
      });
      const summary = err ? fmt(s.result_error, { index: (err.index ?? -1) + 1 }) : s.result_ok;
      status.textContent = summary;
    }
  });
}

function init() {
  document.querySelectorAll(".tl-tryit").forEach(setup);
}

// Panels added to the page later (e.g. a page that gathers several examples) announce themselves with this
// event; they share the one booted engine.
document.addEventListener("tl:tryit-scan", init);

// Material's document$ re-runs this after instant navigation, should it ever be switched on.
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(init);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
