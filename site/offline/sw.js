// The rules site's service worker: offline at the table. The build serves it as <site>/sw.js, this file after
// one line of TL_OFFLINE, the manifest of generator/tischlein/site/offline.py (every cacheable file with the
// revision of its bytes, the sets a visit caches, the search configs). site.js registers it from every page.
//
// What is cached, and when:
//  * a visit to a page of a game caches that game's pages in that language, the images they show, the shared
//    CSS/JS and the game's slice of the search index (site.js posts "visit"; the set is in TL_OFFLINE.sets);
//  * Pyodide, the engine zip and the game's data only when a panel first asks for them (cache first);
//  * never the PDFs and zips of the downloads pages (the page says so).
// Pages and shared files are network first: online the reader gets the server's files, all of one build; offline
// the cached ones. Every copy is stored under its path and the revision in this worker's manifest, and only when
// its bytes have that revision, so the cache holds exactly this build's files and a page of one build never runs
// with JS of another. A new build is a new sw.js: the new worker installs, fetches the new revisions of the
// sets the reader had (an unchanged file keeps its entry), takes over at once and drops what the build no
// longer has. Engine zip and game data carry ?v=<revision> in the page's own links: a cached page gets the
// engine it was built with.
importScripts("./assets/workbox/workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "./assets/workbox/", debug: false });   // self-hosted: no CDN
const { registerRoute } = workbox.routing;
const { NetworkFirst, CacheFirst } = workbox.strategies;

const M = TL_OFFLINE;
const SCOPE = new URL(self.registration.scope);
const PAGES = "tl-pages";       // pages, shared files, search slices
const ENGINE = "tl-engine";     // Pyodide, engine zip, game data
const OTHER_LANGS = new Set(M.languages.slice(1));
const GAMES = new Set(M.games);

// The manifest path of a URL of this site ("mahlzeit/rules/", "assets/js/site.js"), or null.
function pathOf(url) {
  const u = new URL(url);
  if (u.origin !== SCOPE.origin || !u.pathname.startsWith(SCOPE.pathname)) return null;
  const path = decodeURIComponent(u.pathname.slice(SCOPE.pathname.length)).replace(/(^|\/)index\.html$/, "$1");
  return path in M.files ? path : null;
}

// Where a file's copy is kept: its URL with the revision it must have.
function keyOf(path, rev = M.files[path]) {
  const key = new URL(path, SCOPE);
  key.search = `__tl=${rev}`;
  return key.href;
}

async function revisionOf(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Stores a response only when its bytes are the revision expected (of this build or, with ?v=, of the page's).
function checked(expected) {
  return {
    cacheKeyWillBeUsed: async ({ request }) => keyOf(pathOf(request.url), expected(request)),
    cacheWillUpdate: async ({ request, response }) =>
      response && response.ok && (await revisionOf(response)) === expected(request) ? response : null,
  };
}
const manifestRevision = (request) => M.files[pathOf(request.url)];
const linkedRevision = (request) => new URL(request.url).searchParams.get("v");

const isSearchIndex = (path) => /^([a-z]{2,3}(-[A-Za-z]+)?\/)?search\/search_index\.json$/.test(path || "");
const inScope = ({ url, request }) => request.method === "GET" && pathOf(url) !== null;

// Pyodide: the same bytes for as long as the pinned version stays, 13 MB: cache first.
registerRoute((o) => inScope(o) && pathOf(o.url).startsWith("assets/pyodide/"),
  new CacheFirst({ cacheName: ENGINE, plugins: [checked(manifestRevision)] }));
// The engine zip and game data as the page links them (?v=): cache first, that URL names one build's bytes.
registerRoute((o) => inScope(o) && linkedRevision(o.request) !== null,
  new CacheFirst({ cacheName: ENGINE, plugins: [checked(linkedRevision)] }));
// The search index: from the network; offline, the slices of the games this browser holds.
registerRoute(({ url, request }) => request.method === "GET" && isSearchIndex(rawPath(url)), async ({ request }) => {
  try {
    return await fetch(request);
  } catch (err) {
    return offlineSearch(rawPath(request.url));
  }
});
// Every other file of the site: network first, with this build's copy for offline.
registerRoute(inScope, new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 6,
                                          plugins: [checked(manifestRevision)] }));

function rawPath(url) {
  const u = new URL(url);
  return u.origin === SCOPE.origin && u.pathname.startsWith(SCOPE.pathname) ? u.pathname.slice(SCOPE.pathname.length)
    : null;
}

async function offlineSearch(path) {
  const lang = path.includes("/") && OTHER_LANGS.has(path.split("/")[0]) ? path.split("/")[0] : M.languages[0];
  const cache = await caches.open(PAGES);
  const docs = [];
  for (const game of M.games) {
    const slice = await cache.match(keyOf(`assets/offline/search/${lang}/${game}.json`));
    if (slice) docs.push(...(await slice.json()).docs);
  }
  return new Response(JSON.stringify({ config: M.search[lang], docs }), {
    headers: { "Content-Type": "application/json" },
  });
}

// The set a page belongs to: "de/mahlzeit" for a page of Mahlzeit in German, "de/" for one outside any game.
function setOf(url) {
  const parts = (rawPath(url) || "").split("/");
  const lang = OTHER_LANGS.has(parts[0]) ? parts.shift() : M.languages[0];
  return `${lang}/${GAMES.has(parts[0]) ? parts[0] : ""}`;
}

// Fetch what a set lacks, a few files at a time; a file whose bytes are not this build's is left out.
async function cacheSet(name) {
  const paths = M.sets[name] || [];
  const cache = await caches.open(PAGES);
  let missing = 0;
  const queue = paths.slice();
  async function next() {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const key = keyOf(path);
      if (await cache.match(key)) continue;
      let stored = false;
      for (const mode of ["no-cache", "reload"]) {       // the HTTP cache may still hold another build's copy
        try {
          const response = await fetch(new URL(path, SCOPE), { cache: mode, credentials: "same-origin" });
          if (response.ok && (await revisionOf(response)) === M.files[path]) {
            await cache.put(key, response);
            stored = true;
            break;
          }
        } catch (err) {
          break;                                        // offline: the next visit online completes the set
        }
      }
      if (!stored) missing += 1;
    }
  }
  await Promise.all([next(), next(), next(), next()]);
  return { set: name, state: missing ? "partial" : "ready", files: paths.length, missing };
}

self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "visit") return;
  const port = event.ports && event.ports[0];
  event.waitUntil(cacheSet(setOf(event.data.url)).then((result) => port && port.postMessage(result)));
});

// The games' sets the reader holds a page of, in any build's revision: a new worker brings them up to date.
async function heldSets() {
  const cache = await caches.open(PAGES);
  const held = (await cache.keys()).map((request) => rawPath(request.url.split("?")[0]) || "");
  const pagesOf = (name) => {                   // "de/mahlzeit" -> "de/mahlzeit/", "en/mahlzeit" -> "mahlzeit/"
    const [lang, game] = name.split("/");
    return `${lang === M.languages[0] ? "" : `${lang}/`}${game}/`;
  };
  return Object.keys(M.sets).filter((name) => !name.endsWith("/") && held.some((p) => p.startsWith(pagesOf(name))));
}

self.addEventListener("install", (event) => {
  event.waitUntil(heldSets().then((names) => Promise.all(names.map(cacheSet))).then(() => self.skipWaiting()));
});

// Drop every copy this build does not have: another revision, or a file gone.
async function prune() {
  for (const name of [PAGES, ENGINE]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      const rev = url.searchParams.get("__tl");
      url.search = "";
      const path = pathOf(url.href);
      if (!path || M.files[path] !== rev) await cache.delete(request);
    }
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(prune().then(() => self.clients.claim()));
});
