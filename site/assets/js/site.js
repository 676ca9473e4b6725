// Small enhancements of the rules site; every page works without them.
//  * Sortable tables: inside .tl-sortable, each column header becomes a button (keyboard: Tab + Enter/Space);
//    aria-sort tells screen readers the order. Numbers sort as numbers, text by the page language.
//  * Card lightbox: links a.tl-lightbox open the full-size card in a <dialog> (Esc closes, arrows browse).
//    Without JavaScript the link simply opens the image.
//  * The language selector keeps the reader's place: its links (this page in another language) get the
//    section anchor the reader is at (navigation.tracking keeps it in the address while they scroll).
//  * Offline at the table: registers the service worker (<site>/sw.js, see site/offline/sw.js) and asks it to
//    keep this page's game for offline use; <html data-tl-offline> says when that is done ("ready", or
//    "partial" when some file could not be fetched). Not where service workers cannot run: a file:// folder,
//    plain http on another host than localhost, a browser without them.

function cellKey(cell) {
  const text = cell.textContent.replace(/[*†]/g, "").trim();
  const num = text.replace(/\s/g, "").replace(",", ".").match(/^[-+]?\d+(\.\d+)?/);
  return num && /^[-+]?\d/.test(text) ? { n: parseFloat(num[0]), t: text } : { n: null, t: text };
}

function makeSortable(wrapper) {
  const table = wrapper.querySelector("table");
  if (!table || table.dataset.tlSortable) return;
  table.dataset.tlSortable = "1";
  const label = wrapper.dataset.sortLabel || "Sort";
  const lang = document.documentElement.lang || "en";
  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: "base" });
  const headers = Array.from(table.querySelectorAll("thead th"));
  headers.forEach((th, col) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tl-sort";
    // Material's tooltips show a title as HTML: the label goes in as escaped text (sanitize.py does the same)
    button.title = label.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    while (th.firstChild) button.append(th.firstChild);
    const arrow = document.createElement("span");
    arrow.className = "tl-sort-arrow";
    arrow.setAttribute("aria-hidden", "true");
    button.append(arrow);
    th.append(button);
    th.setAttribute("aria-sort", "none");
    button.addEventListener("click", () => {
      const dir = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
      headers.forEach((h) => h.setAttribute("aria-sort", "none"));
      th.setAttribute("aria-sort", dir);
      const body = table.tBodies[0];
      const rows = Array.from(body.rows);
      const keyed = rows.map((row, i) => ({ row, i, k: cellKey(row.cells[col] || row) }));
      keyed.sort((a, b) => {
        let c;
        if (a.k.n !== null && b.k.n !== null) c = a.k.n - b.k.n;
        else if (a.k.n !== null) c = -1;
        else if (b.k.n !== null) c = 1;
        else c = collator.compare(a.k.t, b.k.t);
        return (dir === "ascending" ? c : -c) || a.i - b.i;
      });
      body.append(...keyed.map((x) => x.row));
    });
  });
}

function lightbox(gallery) {
  const links = Array.from(gallery.querySelectorAll("a.tl-lightbox"));
  if (!links.length || gallery.dataset.tlLightbox) return;
  gallery.dataset.tlLightbox = "1";
  const dialog = document.createElement("dialog");
  dialog.className = "tl-dialog";
  const img = document.createElement("img");
  const caption = document.createElement("p");
  caption.className = "tl-dialog-caption";
  const bar = document.createElement("div");
  bar.className = "tl-dialog-bar";
  const button = (text, cls) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `md-button ${cls}`;
    b.textContent = text;
    return b;
  };
  const prev = button(`‹ ${gallery.dataset.prev || "Previous"}`, "tl-dialog-prev");
  const next = button(`${gallery.dataset.next || "Next"} ›`, "tl-dialog-next");
  const close = button(gallery.dataset.close || "Close", "md-button--primary tl-dialog-close");
  bar.append(prev, next, close);
  dialog.append(img, caption, bar);
  dialog.setAttribute("aria-label", caption.textContent);
  document.body.append(dialog);
  let index = 0;
  let opener = null;
  const show = (i) => {
    index = (i + links.length) % links.length;
    const thumb = links[index].querySelector("img");
    img.src = links[index].href;
    img.alt = thumb ? thumb.alt : "";
    caption.textContent = img.alt;
    dialog.setAttribute("aria-label", img.alt);
  };
  links.forEach((a, i) => a.addEventListener("click", (event) => {
    event.preventDefault();
    opener = a;
    show(i);
    dialog.showModal();
    close.focus();
  }));
  prev.addEventListener("click", () => show(index - 1));
  next.addEventListener("click", () => show(index + 1));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") show(index - 1);
    else if (event.key === "ArrowRight") show(index + 1);
  });
  dialog.addEventListener("close", () => opener && opener.focus());
}

function init() {
  // Material's search overlay is a role=dialog without a name: give it the (translated) search placeholder.
  document.querySelectorAll(".md-search[role=dialog]:not([aria-label])").forEach((d) => {
    const input = d.querySelector("input.md-search__input");
    d.setAttribute("aria-label", (input && (input.getAttribute("aria-label") || input.placeholder)) || "Search");
  });
  document.querySelectorAll(".tl-sortable").forEach(makeSortable);
  document.querySelectorAll(".tl-gallery").forEach(lightbox);
  document.querySelectorAll("[data-tl-print]").forEach((b) => b.addEventListener("click", () => window.print()));
}

// A table wider than the screen scrolls sideways in Material's wrapper (made when the page is ready): a keyboard
// reaches it only if the wrapper takes focus (axe: scrollable-region-focusable). Named by its column headers.
function reachableTables() {
  document.querySelectorAll(".md-typeset__scrollwrap").forEach((wrap) => {
    if (wrap.scrollWidth > wrap.clientWidth + 1) {
      const heads = Array.from(wrap.querySelectorAll("thead th"), (th) => th.textContent.trim()).filter(Boolean);
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      if (heads.length) wrap.setAttribute("aria-label", heads.join(", "));
    } else if (wrap.hasAttribute("tabindex")) {
      wrap.removeAttribute("tabindex");
      wrap.removeAttribute("role");
      wrap.removeAttribute("aria-label");
    }
  });
}
window.addEventListener("load", reachableTables);
let resized = 0;
window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(reachableTables, 200); });

function keepAnchor(link) {
  link.hash = location.hash;
}

// capture: before the browser follows the link (tracking changes the address without a hashchange event)
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element && event.target.closest("a.md-select__link[hreflang]");
  if (link) keepAnchor(link);
}, true);
window.addEventListener("hashchange", () => document.querySelectorAll("a.md-select__link[hreflang]").forEach(keepAnchor));

function keepOffline() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  const root = new URL("../../", import.meta.url);          // this file is <site>/assets/js/site.js
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href, updateViaCache: "none" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => { document.documentElement.dataset.tlOffline = event.data.state; };
      registration.active.postMessage({ type: "visit", url: location.href }, [channel.port2]);
    })
    .catch((err) => console.warn(`tischlein: no offline copy (${err.message})`));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
keepOffline();
