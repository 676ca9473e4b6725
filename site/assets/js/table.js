// What a whole game on a play page needs besides the engine: a position as a link (share), the game in progress
// kept in localStorage (a reload brings it back) and the screen kept awake while the table is open.
//
// A position is {v, g: game id, p: [[name, bot 0|1, policy or null], ...], s: seed, m: [move, ...]}: the deal
// and the moves, which the engine replays (engine/table.py: open_table). A move is its number among the legal
// moves of its position (no card named), or the move itself where the engine lists another way of making it. In a link it is deflated JSON in base64url after
// "#table=z."; where the browser cannot deflate, plain base64url JSON after "#table=j.". Everything read back
// (a link, a saved value) is untrusted: `readPosition` checks its shape and returns null for anything else.
const VERSION = 1;
const MAX_MOVES = 20000;

function toBase64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

async function through(stream, bytes) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export async function encodePosition(position) {
  const bytes = new TextEncoder().encode(JSON.stringify(position));
  if (typeof CompressionStream === "function") {
    return `z.${toBase64url(await through(new CompressionStream("deflate-raw"), bytes))}`;
  }
  return `j.${toBase64url(bytes)}`;
}

// The position in a link's hash value, or null when it is not one (damaged, cut short, tampered with).
export async function decodePosition(text) {
  try {
    const [kind, body] = [text.slice(0, 2), text.slice(2)];
    let bytes = fromBase64url(body);
    if (kind === "z.") bytes = await through(new DecompressionStream("deflate-raw"), bytes);
    else if (kind !== "j.") return null;
    return readPosition(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)));
  } catch {
    return null;
  }
}

// A position whose every field has the shape a table can deal and replay; null for anything else.
export function readPosition(value) {
  if (!value || typeof value !== "object" || value.v !== VERSION || typeof value.g !== "string") return null;
  const seats = value.p;
  if (!Array.isArray(seats) || !seats.length || seats.length > 12) return null;
  for (const seat of seats) {
    if (!Array.isArray(seat) || seat.length !== 3 || typeof seat[0] !== "string" || !seat[0].trim()
        || seat[0].length > 40 || ![0, 1].includes(seat[1]) || !(seat[2] === null || typeof seat[2] === "string")) {
      return null;
    }
  }
  if (!Number.isSafeInteger(value.s) || !Array.isArray(value.m) || value.m.length > MAX_MOVES) return null;
  if (!value.m.every((m) => (Number.isSafeInteger(m) && m >= 0) || (m && typeof m === "object" && !Array.isArray(m)))) {
    return null;
  }
  return { v: VERSION, g: value.g, p: seats.map((s) => [s[0].trim(), s[1], s[2]]), s: value.s, m: value.m };
}

export function position(gameId, names, bots, policies, seed, moves) {
  return { v: VERSION, g: gameId, p: names.map((n) => [n, bots.has(n) ? 1 : 0, bots.has(n) ? policies[n] ?? null : null]),
           s: seed, m: moves };
}

// --- the game in progress, one per game: it goes on in another language of the site --------------------------
const storageKey = (gameId) => `tischlein.table.${gameId}`;
const olderKey = (gameId, lang) => `tischlein.table.${gameId}.${lang}`;     // one per language, before

export function savedGame(gameId, lang) {
  try {
    const text = localStorage.getItem(storageKey(gameId)) ?? localStorage.getItem(olderKey(gameId, lang));
    const value = readPosition(JSON.parse(text || "null"));
    return value && value.g === gameId ? value : null;
  } catch {
    return null;                              // an old format, a value edited by hand: as if nothing was saved
  }
}

export function saveGame(gameId, lang, value) {
  try {
    localStorage.setItem(storageKey(gameId), JSON.stringify(value));
    localStorage.removeItem(olderKey(gameId, lang));
  } catch {
    // storage full or refused (private mode): the game goes on, it only does not survive a reload
  }
}

export function forgetGame(gameId, lang) {
  try {
    localStorage.removeItem(storageKey(gameId));
    localStorage.removeItem(olderKey(gameId, lang));
  } catch {
    // nothing to forget where storage is refused
  }
}

// --- the screen stays on while the table (or the calculator) is open -----------------------------------------
let lock = null;
let wanted = false;

async function acquire() {
  if (!wanted || lock || document.visibilityState !== "visible") return;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => { lock = null; });
  } catch {
    lock = null;                              // refused (battery saver, no permission): the screen may dim
  }
}

export function keepAwake() {
  if (wanted || !("wakeLock" in navigator)) return;
  wanted = true;
  document.addEventListener("visibilitychange", acquire);   // a hidden page loses its lock: take it again
  acquire();
}

export function wakeLockHeld() {
  return lock !== null;
}
