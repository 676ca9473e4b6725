// Every card readable (the table on a phone): a card on the table's picture whose face the viewer sees can be
// held up — its face as the PDF prints it, its name and what that name means ("Dreckige Töpfe — Dirty Pots"),
// its rules text and a link to its rule, in a dialog.
//
//   cardInfo(picture, cardsUrl, s)
//
// Call it after every redraw of `picture` (the element whose innerHTML api.draw's HTML just replaced).
//   picture   the element holding the drawn table; a card it shows face up carries data-face (engine/picture.py
//             writes it only on a face the viewer may see: another seat's hand, a face-down pile or pantry
//             carries none, so nothing here can show a hidden card)
//   cardsUrl  the card file of this game and language (site/cardinfo.py; the table panel's data `cards`,
//             relative to the page), fetched once, the first time a reader holds a card up
//   s         the panel's strings: card_about ("About {name}"), card_close, card_rule ("In the rules: {title}")
// The rule link goes to the rules page the panel names (data-rules), at the rule's anchor.
//
// How a reader holds a card up: its ⓘ button (a real button after the card, reachable by keyboard), or a press
// of ~500 ms on the card (touch or mouse). A card inside a thing tapped as a whole (a Mahlzeit row, the plate, a
// stove space) has an ⓘ for the finger only, and the key I on that focused thing holds up its last card. The
// click that ends a long press is swallowed, so holding a card the reader could tap to play never plays it. The
// dialog is a modal <dialog>: the page behind is inert, Escape or its close button or a tap beside it closes
// it, and focus goes back to where it came from.
import { el } from "./engine-client.mjs";
import { fmt } from "./text.js";

const HOLD_MS = 500;          // a press this long holds a card up
const SLOP_PX = 10;           // a finger that moves further is scrolling, not holding

const files = new Map();      // card file URL -> promise of its data (one fetch per page and file)
const pictures = new WeakMap();   // picture element -> {url, s, rules}: what its listeners read on each redraw

export function cardInfo(picture, cardsUrl, s) {
  if (!picture || !cardsUrl) return;
  const panel = picture.closest("[data-rules]");
  const known = pictures.get(picture);
  const here = { url: new URL(cardsUrl, document.baseURI).href, s,
                 rules: new URL(panel?.dataset.rules || ".", document.baseURI) };
  pictures.set(picture, here);
  if (!known) listen(picture);
  for (const node of picture.querySelectorAll("[data-face]")) {
    if (node.nextElementSibling?.classList.contains("tl-card-info")) continue;
    node.classList.add("tl-inspectable");
    // card and button wrap as one: a row that breaks never leaves a button alone at the start of a line
    const held = el("span", { class: "tl-held" });
    node.replaceWith(held);
    held.append(node);
    // A card inside a thing that is itself tapped to choose a move (a row, the plate, a stove space) becomes
    // part of that button (play.js): a control inside a button is none to a screen reader, so there the ⓘ is a
    // mark for the finger only, and the key I on the focused thing holds its card up (aria-keyshortcuts).
    const host = tappableAround(picture, node);
    const about = fmt(s.card_about, { name: nameOf(node) });
    const info = host ? el("span", { class: "tl-card-info", "aria-hidden": "true" })
      : el("button", { type: "button", class: "tl-card-info", "aria-label": about });
    if (host) host.setAttribute("aria-keyshortcuts", "I");
    // its "i" is drawn by the style sheet, so the picture's text stays the engine's; its click and keys stay its
    // own, not the tap of the thing around it
    info.addEventListener("click", (event) => {
      event.stopPropagation();
      show(picture, node.dataset.face, nameOf(node), host || info);
    });
    info.addEventListener("keydown", (event) => event.stopPropagation());
    held.append(info);
  }
  closeIfGone(picture);
}

// The thing around a card that a move may name (engine.picture.Pick), inside the picture; not the card itself.
function tappableAround(picture, node) {
  const host = node.parentElement?.closest("[data-pick], [data-pick-move]");
  return host && picture.contains(host) ? host : null;
}

// The card a key I on a focused thing holds up: the last one in it (a row's top card).
function lastFaceIn(node) {
  const faces = node.querySelectorAll("[data-face]");
  return faces.length ? faces[faces.length - 1] : null;
}

function nameOf(node) {
  const named = node.querySelector(".tl-card-name, .tl-tile-name");
  return (named ? named.textContent : node.textContent).trim();
}

// Long press, on the picture once (its content is redrawn, the picture element stays).
function listen(picture) {
  let timer = 0;
  let start = null;
  let held = false;          // a long press just opened the dialog: swallow the click that ends it
  const cancel = () => {
    clearTimeout(timer);
    timer = 0;
  };
  picture.addEventListener("pointerdown", (event) => {
    held = false;
    cancel();
    const node = event.target.closest("[data-face]");
    if (!node || !picture.contains(node) || event.button > 0) return;
    start = { x: event.clientX, y: event.clientY };
    timer = setTimeout(() => {
      timer = 0;
      held = true;
      // focus comes back to the card's ⓘ button, or the thing around it that is one: the card may be no control
      const info = node.nextElementSibling;
      show(picture, node.dataset.face, nameOf(node), info?.tagName === "BUTTON" ? info
        : tappableAround(picture, node) || node);
    }, HOLD_MS);
  });
  picture.addEventListener("pointermove", (event) => {
    if (timer && start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > SLOP_PX) cancel();
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) picture.addEventListener(type, cancel);
  picture.addEventListener("click", (event) => {        // capture: before the card's own "tap to play"
    if (!held) return;
    held = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  picture.addEventListener("contextmenu", (event) => {  // a touch held long opens the browser's menu otherwise
    if ((timer || held) && event.target.closest("[data-face]")) event.preventDefault();
  });
  picture.addEventListener("keydown", (event) => {     // I on a focused row, plate or stove space
    if (event.key.toLowerCase() !== "i" || event.ctrlKey || event.metaKey || event.altKey) return;
    const host = event.target.closest?.("[aria-keyshortcuts]");
    const node = host && picture.contains(host) ? lastFaceIn(host) : null;
    if (!node) return;
    event.preventDefault();
    show(picture, node.dataset.face, nameOf(node), host);
  });
  // the table redrawn or covered for the next player: a card no longer on it is no longer held up
  new MutationObserver(() => closeIfGone(picture)).observe(picture, { childList: true });
}

function load(url) {
  if (!files.has(url)) {
    files.set(url, fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .catch((err) => {
        files.delete(url);                 // a later try may work (back online)
        throw err;
      }));
  }
  return files.get(url);
}

let dialog = null;            // one dialog per page: {node, parts, picture, face, opener}

function theDialog() {
  if (dialog && dialog.node.isConnected) return dialog;
  const face = el("img", { class: "tl-cardinfo-face", alt: "", decoding: "async" });
  const name = el("h2", { class: "tl-cardinfo-name", id: "tl-cardinfo-name" });
  const text = el("p", { class: "tl-cardinfo-text" });
  const rule = el("p", { class: "tl-cardinfo-rule" });
  const close = el("button", { type: "button", class: "tl-cardinfo-close" });
  const node = el("dialog", { class: "tl-cardinfo", "aria-labelledby": "tl-cardinfo-name" },
                  el("div", { class: "tl-cardinfo-body" }, face, name, text, rule), close);
  close.addEventListener("click", () => node.close());
  node.addEventListener("click", (event) => {          // a tap beside the card's sheet (on the backdrop)
    if (event.target === node) node.close();
  });
  node.addEventListener("close", () => {
    const back = dialog.opener;
    if (back && back.isConnected) back.focus();
    else dialog.picture?.querySelector(`[data-face="${CSS.escape(dialog.face || "")}"] + .tl-card-info`)?.focus();
    dialog.face = null;
  });
  document.body.append(node);
  dialog = { node, parts: { face, name, text, rule, close }, picture: null, face: null, opener: null };
  return dialog;
}

async function show(picture, id, fallbackName, opener) {
  const here = pictures.get(picture);
  const d = theDialog();
  const { face, name, text, rule, close } = d.parts;
  Object.assign(d, { picture, face: id, opener });
  close.textContent = here.s.card_close;
  name.replaceChildren(fallbackName);
  text.replaceChildren();
  rule.replaceChildren();
  face.hidden = true;
  face.removeAttribute("src");
  if (!d.node.open) d.node.showModal();
  close.focus();
  let data;
  try {
    data = await load(here.url);
  } catch {
    return;                                            // no card file: the name is all there is to show
  }
  const entry = data.faces?.[data.ids?.[id]];
  if (!entry || d.face !== id || !d.node.open) return;
  name.replaceChildren(el("span", { class: "tl-cardinfo-printed" }, entry.name));
  if (entry.gloss) name.append(" — ", el("span", { class: "tl-cardinfo-gloss" }, entry.gloss));
  text.replaceChildren(entry.text || "");
  text.hidden = !entry.text;
  if (entry.rule) {
    const href = new URL(here.rules.href);
    href.hash = entry.rule;
    rule.replaceChildren(el("a", { href: href.href, class: "tl-cardinfo-link" },
                            fmt(here.s.card_rule, { title: entry.rule_title || entry.rule })));
  }
  if (entry.png && data.images) {
    face.alt = entry.name;
    face.src = new URL(data.images + entry.png, here.url).href;
    face.hidden = false;
  }
}

function closeIfGone(picture) {
  if (!dialog || !dialog.node.open || dialog.picture !== picture || dialog.face === null) return;
  const still = [...picture.querySelectorAll("[data-face]")].some((n) => n.dataset.face === dialog.face);
  if (!still) dialog.node.close();
}
