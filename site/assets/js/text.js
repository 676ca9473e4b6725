// Interface strings with {placeholders}, in the reader's language: numbers as the language writes them
// (Intl.NumberFormat: "1,5" in German, a real minus sign) and, for a string with plural forms
// ({count: "total", one: "…", other: "…"}, as content/plural forms are shipped), the form that
// Intl.PluralRules picks for the number: "1 point", "2 points". Used by the calculator and the try-it panel.

const rules = new Map();
const numbers = new Map();

function cached(map, lang, make) {
  if (!map.has(lang)) {
    try { map.set(lang, make(lang)); } catch { map.set(lang, make("en")); }   // a code Intl does not know
  }
  return map.get(lang);
}

export function pageLang() {
  return document.documentElement.lang || "en";
}

export function num(n, lang = pageLang()) {
  if (typeof n !== "number" || !Number.isFinite(n)) return String(n ?? "");
  const f = cached(numbers, lang, (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2, useGrouping: false }));
  return f.format(n).replace("-", "\u2212");
}

export function pluralForm(template, params, lang = pageLang()) {
  if (typeof template === "string" || template === null || template === undefined) return template ?? "";
  const n = Number(params[template.count]);
  const rule = cached(rules, lang, (l) => new Intl.PluralRules(l));
  return template[Number.isFinite(n) ? rule.select(n) : "other"] ?? template.other ?? "";
}

export function fmt(template, params = {}, lang = pageLang()) {
  return pluralForm(template, params, lang).replace(/\{(\w+)\}/g, (m, k) =>
    (k in params ? (typeof params[k] === "number" ? num(params[k], lang) : String(params[k])) : m));
}
