// The one rules engine of a page: a module web worker (engine-worker.mjs) booting the self-hosted Pyodide and
// tischlein's engine.zip, started on the reader's first request and shared by every panel (try it, the table).
// Also the two DOM helpers the panels share: el() makes nodes whose strings are text, never HTML.
const WORKER_URL = new URL("./engine-worker.mjs", import.meta.url);

let worker = null;
let booted = null;
let seq = 0;
const waiting = new Map();

// {placeholders}, numbers and plural forms in the reader's language (text.js)
export { fmt } from "./text.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);   // text nodes
  return node;
}

// A panel's settings from its data attributes, once: null when the panel is already set up.
export function openPanel(panel) {
  if (panel.dataset.tlReady) return null;
  panel.dataset.tlReady = "1";
  const data = JSON.parse(panel.dataset.panel);
  const base = document.baseURI;
  return {
    data, s: data.strings, lang: panel.dataset.lang || "en",
    engineUrl: new URL(panel.dataset.engine, base).href,
    gameUrl: new URL(panel.dataset.game, base).href,
    rulesUrl: new URL(panel.dataset.rules || ".", base),
  };
}

export function call(message) {
  const id = ++seq;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ ...message, id });
  });
}

export function boot(engineUrl) {
  if (!booted) {
    worker = new Worker(WORKER_URL, { type: "module" });
    worker.onmessage = (event) => {
      const { id, ok, result, error } = event.data;
      const w = waiting.get(id);
      if (!w) return;
      waiting.delete(id);
      ok ? w.resolve(result) : w.reject(new Error(error));
    };
    worker.onerror = (event) => {
      for (const w of waiting.values()) w.reject(new Error(event.message || "worker error"));
      waiting.clear();
    };
    booted = call({ type: "init", engine: engineUrl });
  }
  return booted;
}

const games = new Map();
export function gameJson(url) {
  if (!games.has(url)) {
    games.set(url, fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      return r.text();
    }));
  }
  return games.get(url);
}

// One function of tischlein.engine.api (run, view, play, …) or .table (look, play_move, …) with JSON arguments after the game: its
// JSON answer, parsed. The worker keeps a game it was sent: it goes with the first request only (messages
// reach a worker in the order they were posted, so no later request can overtake it).
const sent = new Set();
export async function api(fn, gameUrl, ...args) {
  const text = await gameJson(gameUrl);
  const game = sent.has(gameUrl) ? null : text;
  sent.add(gameUrl);
  return JSON.parse(await call({ type: "api", fn, game, gameKey: gameUrl, args: JSON.stringify(args) }));
}
