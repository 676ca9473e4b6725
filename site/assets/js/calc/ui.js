// The scoring calculator: builds the form of each .tl-calc block from its JSON description (generated at build
// time from content by generator/tischlein/site/calculator.py) and scores with the game's module
// (calc/<game>.js, `score(data, input)`) on every input: no server, no Pyodide, no other origin.
// Text goes into the page only as text nodes / attribute values: never innerHTML.

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

import { fmt as fmtIn, num as numIn } from "../text.js";
import { keepAwake } from "../table.js";

// Strings and numbers in the calculator's language (its description says which): plural forms and number
// formats from Intl, a real minus sign (−3), not a hyphen.
let lang = "en";
const fmt = (template, params) => fmtIn(template, params, lang);
const num = (n) => numIn(n, lang);

let uid = 0;
const nextId = (prefix) => `${prefix}-${++uid}`;

// --- fields: each returns {id, node, read(), update(scope)} -----------------------------------------------

// A number the game cannot produce (9 frame matches where a stove has 8, negative points, 2.5), text or an empty
// field is refused with the reason next to the field, and nothing is scored until it is fixed: never silently
// capped, never counted as 0.
function numberField(f, strings) {
  const id = nextId("tl-calc");
  const lo = f.min ?? 0;
  const hi = f.max ?? null;
  const input = el("input", { id, type: "number", min: lo, max: hi, step: 1, value: f.default ?? 0,
                              inputmode: "numeric", class: "tl-calc-num", "data-field": f.id,
                              "aria-describedby": `${id}-why` });
  const why = el("p", { id: `${id}-why`, class: "tl-calc-why", hidden: true });
  const node = el("div", { class: "tl-calc-field tl-calc-field-number" }, el("label", { for: id, text: f.label }), input,
                  why);
  const problem = () => {
    const text = input.value.trim();
    const v = Number(text);
    const range = hi === null ? fmt(strings.at_least, { min: num(lo) })
      : fmt(strings.between, { min: num(lo), max: num(hi) });
    // text in a number field reads as "" with badInput set (Chromium, Firefox): refused like an empty field
    if (input.validity.badInput || text === "") return { kind: "empty", text: fmt(strings.not_whole, { range }) };
    if (!Number.isInteger(v)) return { kind: "impossible", text: fmt(strings.not_whole, { range }) };
    if (v < lo || (hi !== null && v > hi)) return { kind: "impossible", text: fmt(strings.impossible, { value: num(v), range }) };
    return null;
  };
  return {
    id: f.id, node,
    read() {
      const v = Number(input.value.trim());
      return Number.isFinite(v) ? v : 0;
    },
    problems() {
      const p = problem();
      why.textContent = p ? p.text : "";
      why.hidden = !p;
      if (p) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
      return p ? [{ kind: p.kind, text: `${f.label}: ${p.text}` }] : [];
    },
    update() {},
  };
}

function checkField(f) {
  const id = nextId("tl-calc");
  const input = el("input", { id, type: "checkbox", "data-field": f.id });
  const node = el("div", { class: "tl-calc-field tl-calc-field-check" }, input, el("label", { for: id, text: f.label }));
  return { id: f.id, node, read: () => (input.checked ? 1 : 0), update() {} };
}

function selectField(f, strings) {
  const id = nextId("tl-calc");
  const select = el("select", { id, "data-field": f.id });
  const node = el("div", { class: "tl-calc-field tl-calc-field-select" }, el("label", { for: id, text: f.label }), select);
  const fill = (allowed) => {
    const current = select.value;
    select.replaceChildren();
    if (f.empty) select.append(el("option", { value: "", text: strings.none }));
    for (const o of f.options) {
      if (allowed && !allowed.includes(o.value)) continue;
      select.append(el("option", { value: String(o.value), text: o.label }));
    }
    if ([...select.options].some((o) => o.value === current)) select.value = current;
    select.disabled = select.options.length === 0;
  };
  fill(null);
  if (f.default !== undefined) select.value = String(f.default);
  return {
    id: f.id, node,
    read() {
      if (select.value === "") return null;
      return f.number ? Number(select.value) : select.value;
    },
    update(scope) {
      if (f.depends) fill((f.allowed || {})[scope[f.depends]] || []);
    },
  };
}

function holds(when, scope) {
  return Object.entries(when || {}).every(([k, vals]) =>
    vals.includes("*") ? scope[k] !== null && scope[k] !== undefined && scope[k] !== "" : vals.includes(scope[k]));
}

function multiField(f) {
  const node = el("fieldset", { class: "tl-calc-field tl-calc-multi" }, el("legend", { text: f.label }));
  const boxes = f.options.map((o) => {
    const id = nextId("tl-calc");
    const input = el("input", { id, type: "checkbox", value: o.value, "data-field": `${f.id}.${o.value}` });
    const wrap = el("div", { class: "tl-calc-field-check" }, input, el("label", { for: id, text: o.label }));
    node.append(wrap);
    return { o, input, wrap };
  });
  return {
    id: f.id, node,
    read: () => boxes.filter((b) => !b.wrap.hidden && b.input.checked).map((b) => b.o.value),
    update(scope) {
      for (const b of boxes) {
        b.wrap.hidden = !holds(b.o.when, scope);
        if (b.wrap.hidden) b.input.checked = false;
      }
      node.hidden = boxes.every((b) => b.wrap.hidden);
    },
  };
}

function groupField(f, strings, onChange) {
  const children = f.fields.map((c) => makeField(c, strings, onChange));
  const node = el("fieldset", { class: "tl-calc-group" }, el("legend", { text: f.label }),
                  f.note ? el("p", { class: "tl-calc-note", text: f.note }) : null,
                  el("div", { class: "tl-calc-grid" }, ...children.map((c) => c.node)));
  return { id: f.id, node, read: () => readAll(children), update: () => updateAll(children),
           problems: () => problemsOf(children) };
}

function problemsOf(fields) {
  return fields.flatMap((c) => (c.problems ? c.problems() : []));
}

function readAll(children) {
  const out = {};
  for (const c of children) out[c.id] = c.read();
  return out;
}

function updateAll(children) {
  const scope = {};
  for (const c of children) { c.update(scope); scope[c.id] = c.read(); }
}

function rowsField(f, strings, onChange) {
  const rows = [];
  const list = el("ol", { class: "tl-calc-rows" });
  const add = el("button", { type: "button", class: "md-button tl-calc-add", text: f.add || strings.add_row });
  const node = el("fieldset", { class: "tl-calc-group tl-calc-rowset", "data-rows": f.id }, el("legend", { text: f.label }),
                  list, add);
  const addRow = () => {
    const children = f.fields.map((c) => makeField(c, strings, onChange));
    const remove = el("button", { type: "button", class: "tl-calc-remove", "aria-label": strings.remove_row,
                                  title: strings.remove_row, text: "✕" });
    const item = el("li", { class: "tl-calc-row" }, ...children.map((c) => c.node), remove);
    const row = { item, children };
    item.addEventListener("change", () => updateAll(children));
    remove.addEventListener("click", () => {
      const i = rows.indexOf(row);
      rows.splice(i, 1);
      item.remove();
      (rows[i] || rows[i - 1])?.item.querySelector("select, input")?.focus() ?? add.focus();
      onChange();
    });
    rows.push(row);
    list.append(item);
    updateAll(children);
    return row;
  };
  add.addEventListener("click", () => {
    const row = addRow();
    row.item.querySelector("select, input")?.focus();
    onChange();
  });
  return { id: f.id, node, addRow, read: () => rows.map((r) => readAll(r.children)), update() {},
           problems: () => rows.flatMap((r) => problemsOf(r.children)) };
}

function makeField(f, strings, onChange) {
  switch (f.type) {
    case "number": return numberField(f, strings);
    case "check": return checkField(f);
    case "select": return selectField(f, strings);
    case "multi": return multiField(f);
    case "group": return groupField(f, strings, onChange);
    case "rows": return rowsField(f, strings, onChange);
    default: throw new Error(`unknown calculator field type ${f.type}`);
  }
}

// --- the calculator ----------------------------------------------------------------------------------------

// How many of one component a player's input accounts for (a limit's `from`, see site/calculator.py): a number
// field ("hand.beer"), or the rows of a rows field whose values match (a ticked special card is in the row's list).
function uses(player, from) {
  if (from.field) return Number(from.field.split(".").reduce((o, k) => (o ? o[k] : undefined), player)) || 0;
  return (player[from.rows] || []).filter((row) => Object.entries(from.where).every(([k, v]) =>
    (Array.isArray(row[k]) ? row[k].includes(v) : row[k] === v))).length;
}

// The components the players account for together beyond what the game has (two players with the one
// "Rote Grütze 8", ten beers where eight exist): [{label, used, count, from}].
export function overLimits(limits, players) {
  const out = [];
  for (const limit of limits || []) {
    const used = players.reduce((sum, p) => sum + limit.from.reduce((n, f) => n + uses(p, f), 0), 0);
    if (used > limit.count) out.push({ label: limit.label, used, count: limit.count, from: limit.from });
  }
  return out;
}

// The controls of one player's form that hold a component (a limit's `from`): the number field, or in each
// matching row the controls of the values it matches (a ticked special card: its box).
function holders(node, player, from) {
  if (from.field) {
    const field = node.querySelector(`[data-field="${CSS.escape(from.field.split(".").pop())}"]`);
    return field && uses(player, from) ? [field] : [];
  }
  const items = node.querySelectorAll(`[data-rows="${CSS.escape(from.rows)}"] .tl-calc-row`);
  return (player[from.rows] || []).flatMap((row, i) => (uses({ r: [row] }, { rows: "r", where: from.where }) && items[i]
    ? Object.entries(from.where).map(([k, v]) => items[i].querySelector(
        Array.isArray(row[k]) ? `[data-field="${CSS.escape(`${k}.${v}`)}"]` : `[data-field="${CSS.escape(k)}"]`))
      .filter(Boolean) : []));
}

class Calculator {
  constructor(root, desc, game) {
    this.root = root;
    this.desc = desc;
    this.game = game;
    this.s = { ...desc.strings, ...(desc.text || {}) };      // a game may word the result its own way
    lang = desc.lang || lang;
    this.players = [];
    this.list = el("div", { class: "tl-calc-players" });
    this.addPlayer = el("button", { type: "button", class: "md-button tl-calc-add-player", text: this.s.add_player });
    this.addPlayer.addEventListener("click", () => {
      const p = this.add();
      p.name.focus();
      this.recompute();
    });
    this.summary = el("p", { class: "tl-calc-summary", id: nextId("tl-calc-summary"), role: "status",
                             "aria-live": "polite" });
    this.table = el("div", { class: "tl-calc-table" });
    // No sticky bar over the fields (on a phone it hid a sixth of the screen): each player's card ends with
    // their rank and total, right under what was just entered; the winner and the table follow the players.
    const results = el("section", { class: "tl-calc-results", "aria-label": this.s.results },
                       el("h2", { class: "tl-calc-results-title", text: this.s.results }), this.summary, this.table);
    root.replaceChildren(this.list, this.addPlayer, results);
    root.addEventListener("input", () => this.recompute());
    root.addEventListener("change", () => this.recompute());
    for (let i = 0; i < desc.players.min; i++) this.add();
    this.recompute();
    window.addEventListener("resize", () => this.fit());
    root.dataset.ready = "1";
  }

  add() {
    const n = this.players.length + 1;
    const id = nextId("tl-calc-name");
    const name = el("input", { id, type: "text", class: "tl-calc-name", autocomplete: "off",
                               value: fmt(this.s.player_label, { n }), "data-field": "player" });
    const remove = el("button", { type: "button", class: "tl-calc-remove" });
    const fields = this.desc.form.player.map((f) => makeField(f, this.s, () => this.recompute()));
    const head = el("div", { class: "tl-calc-player-head" },
                    el("label", { for: id, text: this.s.name }), name, remove);
    const result = el("p", { class: "tl-calc-player-result" });
    const node = el("section", { class: "tl-calc-player" }, head, ...fields.map((f) => f.node), result);
    const player = { node, name, remove, fields, result, n };
    remove.addEventListener("click", () => {
      const i = this.players.indexOf(player);
      this.players.splice(i, 1);
      node.remove();
      this.sync();
      (this.players[i] || this.players[i - 1]).name.focus();
      this.recompute();
    });
    name.addEventListener("input", () => this.sync());
    for (const f of fields) f.update({});
    this.players.push(player);
    this.list.append(node);
    this.sync();
    return player;
  }

  sync() {
    const many = this.players.length > this.desc.players.min;
    for (const p of this.players) {
      p.remove.hidden = !many;
      p.remove.textContent = "✕";
      p.remove.setAttribute("aria-label", fmt(this.s.remove_player, { name: this.nameOf(p) }));
      p.remove.title = fmt(this.s.remove_player, { name: this.nameOf(p) });
    }
    this.addPlayer.hidden = this.players.length >= this.desc.players.max;
  }

  nameOf(p) {
    return p.name.value.trim() || fmt(this.s.player_label, { n: this.players.indexOf(p) + 1 });
  }

  input() {
    return { players: this.players.map((p) => ({ player: this.nameOf(p), ...readAll(p.fields) })) };
  }

  recompute() {
    this.clearOver();
    const problems = this.players.flatMap((p) => problemsOf(p.fields).map((t) => ({ ...t, text: `${this.nameOf(p)}: ${t.text}` })));
    const input = this.input();
    const over = problems.length ? [] : overLimits(this.desc.limits, input.players);
    this.markOver(over, input);
    if (problems.length || over.length) {        // no score from values the game cannot produce
      const empty = problems.length && problems.every((p) => p.kind === "empty");
      const why = [...problems.map((p) => p.text),
                   ...over.map((o) => fmt(this.s.too_many, { name: o.label, used: o.used, count: o.count }))];
      this.summary.textContent = `${empty ? this.s.incomplete : this.s.fix} ${why.join(" · ")}`;
      this.summary.classList.add("tl-calc-refused");
      this.table.replaceChildren();
      for (const p of this.players) { p.result.textContent = ""; p.result.hidden = true; }
      return null;
    }
    this.summary.classList.remove("tl-calc-refused");
    const result = this.game.score(this.desc.data, input);
    this.render(result);
    return result;
  }

  // The controls holding a component the players have too many of are invalid, described by the summary that
  // says why; clearOver() takes the marks of the last input off first.
  clearOver() {
    const id = this.summary.id;
    for (const c of this.root.querySelectorAll("[data-over]")) {
      delete c.dataset.over;
      c.removeAttribute("aria-invalid");
      const rest = (c.getAttribute("aria-describedby") || "").split(" ").filter((t) => t && t !== id).join(" ");
      if (rest) c.setAttribute("aria-describedby", rest);
      else c.removeAttribute("aria-describedby");
    }
  }

  markOver(over, input) {
    const id = this.summary.id;
    for (const o of over) {
      this.players.forEach((p, i) => {
        for (const c of o.from.flatMap((f) => holders(p.node, input.players[i], f))) {
          c.dataset.over = "1";
          c.setAttribute("aria-invalid", "true");
          const ids = (c.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
          if (!ids.includes(id)) c.setAttribute("aria-describedby", [...ids, id].join(" "));
        }
      });
    }
  }

  render(result) {
    const s = this.s;
    const names = result.winners.join(", ");
    let text;
    if (!result.winners.length) text = s.no_winner;
    else {
      const best = result.players.find((p) => p.player === result.winners[0]);
      const solo = result.players.length === 1;
      text = fmt(solo ? s.solo : result.winners.length > 1 ? s.winners : s.winner, { names, total: best.total });
      const band = solo && result.players[0].solo;
      const row = band && (this.desc.solo || []).find((r) => r.min === band.min);
      if (row) text += " " + row.text;
      if (result.decidedBy) {
        const tb = (this.desc.tiebreak || []).find((t) => t.key === result.decidedBy);
        text += " " + fmt(s.tie_broken, { key: tb ? tb.label : result.decidedBy });
      } else if (result.tied && result.winners.length > 1 && (this.desc.tiebreak || []).length) {
        text += " " + s.tie_shared;
      }
    }
    if (result.note) text += " " + result.note;
    this.summary.textContent = text;

    const valueNames = this.desc.names || {};
    const show = (key, v) => (valueNames[key] && v in valueNames[key] ? valueNames[key][v] : num(v));
    // each player's line under their fields: rank and total (or, where the total is not shown, the first part)
    const headline = this.desc.hide_total && this.desc.breakdown.length ? this.desc.breakdown[0]
      : { key: "total", label: s.total };
    this.players.forEach((p, i) => {
      p.result.textContent = `${s.rank} ${num(result.ranks[i])} · ${headline.label} ${show(headline.key, result.players[i][headline.key])}`;
      p.result.hidden = false;
    });

    const order = result.players.map((p, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b] || a - b);
    const head = el("tr", {}, el("th", { scope: "col", text: s.breakdown }),
                    ...order.map((i) => el("th", { scope: "col", class: result.ranks[i] === 1 ? "tl-calc-win" : null },
                                          `${result.ranks[i]}. ${result.players[i].player}`)));
    // data-player: the column's player, shown before each value when a narrow screen stacks the table
    const cell = (i, key, text, cls = null) => el("td", { "data-key": key, class: cls, text,
                                                        "data-player": `${result.ranks[i]}. ${result.players[i].player}` });
    const rows = this.desc.breakdown.map((b) => el("tr", {}, el("th", { scope: "row", text: b.label }),
      ...order.map((i) => cell(i, b.key, show(b.key, result.players[i][b.key])))));
    const total = el("tr", { class: "tl-calc-total" }, el("th", { scope: "row", text: s.total }),
      ...order.map((i) => cell(i, "total", num(result.players[i].total), result.ranks[i] === 1 ? "tl-calc-win" : null)));
    const body = this.desc.hide_total ? rows : [...rows, total];
    this.table.replaceChildren(el("table", { class: "tl-calc-scores" }, el("thead", {}, head), el("tbody", {}, ...body)));
    this.fit();
  }

  // A table wider than its place (five players on a phone, long weight classes in German) is stacked: each part
  // a line of "player: value" items that wrap, so no column is cut off and nothing scrolls sideways.
  fit() {
    this.table.classList.remove("tl-calc-stacked");
    if (this.table.scrollWidth > this.table.clientWidth) this.table.classList.add("tl-calc-stacked");
  }
}

async function init(root) {
  const desc = JSON.parse(root.dataset.calc);
  const game = await import(new URL(root.dataset.module, document.baseURI).href);
  root.calculator = new Calculator(root, desc, game);
  keepAwake();                  // scoring at the table: the screen stays on (where the browser allows it)
}

for (const root of document.querySelectorAll(".tl-calc[data-calc]")) {
  init(root).catch((err) => {
    root.append(el("p", { class: "tl-calc-error", text: String(err) }));
    console.error(err);
  });
}
