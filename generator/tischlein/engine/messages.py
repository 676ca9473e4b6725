"""Message keys and their parameters turned into text in the reader's language.

An engine never writes sentences: it names a key (`step.take`, `lay.wrong_drink`) and parameters; the game's
messages (content/games/<game>/messages.yaml, translated like any text) give the words. Ids among the
parameters read as the printed names the messages give as `name.<id>`.

A message that counts something is a mapping of plural forms ({"count": "points", "one": …, "other": …}); the
form is picked by the language's plural rule, which the build passes in as the `plural:rule` entry (a table made
from CLDR by tischlein.content.plural.rule_table), so this module needs nothing but the standard library.
"""
from __future__ import annotations

import string
from typing import Any, Mapping


def format_args(args: Mapping[str, Any]) -> str:
    return " ".join(f"{key}=[{', '.join(map(str, value))}]" if isinstance(value, (list, tuple)) else f"{key}={value}"
                    for key, value in args.items())


class _Keep(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def format_message(messages: Mapping[str, str], key: str, params: Mapping[str, Any] | None = None,
                   fallback: Mapping[str, str] | None = None) -> str:
    """The text for `key` with {placeholders} filled in; unknown placeholders stay visible, never crash."""
    text, rule = messages.get(key), messages.get(PLURAL_RULE)
    if text is None and fallback is not None:
        text, rule = fallback.get(key), fallback.get(PLURAL_RULE)
    if text is None:
        return key + (" " + format_args(params) if params else "")
    if isinstance(text, Mapping):
        text = plural_form(text, rule, (params or {}).get(text.get("count", "n")))
    names = {**(fallback or {}), **messages}
    params = params or {}
    values = _Keep({k: _param(k, v, params, names) for k, v in params.items()})
    try:
        return string.Formatter().vformat(text, (), values)
    except (ValueError, IndexError, KeyError, AttributeError):
        return text


PLURAL_RULE = "plural:rule"
RULE_TITLE = "rule."        # `rule.<rule id>`: the title of that rules section, in the messages' language


def rule_title(rule: Any, messages: Mapping[str, Any], fallback: Mapping[str, Any] | None = None) -> str | None:
    """The title a reader knows the rule `rule` by (None for no rule, or one the messages have no title of)."""
    if not isinstance(rule, str) or not rule:
        return None
    title = messages.get(RULE_TITLE + rule)
    if title is None and fallback is not None:
        title = fallback.get(RULE_TITLE + rule)
    return title if isinstance(title, str) else None


def plural_category(rule: Mapping[str, Any] | None, n: Any) -> str:
    """The CLDR plural category of the number `n` under a rule table ({"forms": [...], "small": "0110…",
    "millions": i}: the category of each integer below len(small), and of whole millions; any other larger
    integer counts as 100 + n % 100, which CLDR's integer rules agree with). Non-integers, and numbers without a
    rule, are "other"."""
    if not rule or isinstance(n, bool) or not isinstance(n, (int, float)) or n != int(n):
        return "other"
    n = abs(int(n))
    small = rule.get("small", "")
    try:
        if n >= len(small) and n % 1_000_000 == 0 and "millions" in rule:
            return rule["forms"][int(rule["millions"])]
        if n >= len(small):
            n = 100 + n % 100
        return rule["forms"][int(small[n])]
    except (KeyError, IndexError, ValueError, TypeError):
        return "other"


def plural_form(forms: Mapping[str, Any], rule: Mapping[str, Any] | None, n: Any) -> str:
    text = forms.get(plural_category(rule, n)) or forms.get("other")
    return text if isinstance(text, str) else str(text)
def _param(key: str, value: Any, params: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """One parameter as text. A phase reads as its description (`picture.phase.<id>`), a value the messages give
    words for as `param.<key>.<value>` reads as them (a deck drawn from: "from the hype deck"). A value given as a
    printed name where the move wanted an id, in a message that also names that id ("Tapioca is not on the
    table. The recipes on the table: Tapioca …"), says so: `name_not_id` wraps it with the id to use."""
    phase = f"picture.phase.{value.replace('-', '_')}" if key == "phase" and isinstance(value, str) else ""
    if phase in names:
        return names[phase]
    words = names.get(f"param.{key}.{value}") if isinstance(value, str) else None
    if words is not None:
        return words
    if isinstance(value, str) and f"name.{value}" not in names and "name_not_id" in names:
        # look up the message's own ids, not every printed name: this runs for each parameter of each message
        # a picture draws (a quarter of a Diced Veggies picture's time when it scanned all names)
        wanted = value.casefold()
        named = {i for i in _ids(params.values()) if names.get(f"name.{i}", "").casefold() == wanted}
        if named:
            return names["name_not_id"].replace("{name}", value).replace("{id}", sorted(named)[0])
    return _plain_text(value, names)


def _ids(values: Any) -> set[str]:
    out: set[str] = set()
    for v in values:
        out |= _ids(v) if isinstance(v, (list, tuple)) else {v} if isinstance(v, str) else set()
    return out


def _plain_text(value: Any, names: Mapping[str, str]) -> str:
    """Parameters as readers know them: ids become printed names (see printed_name), lists a comma list, a thing
    with what it shows or how many ({"id", "shows"} / {"id", "count"}) as `thing.shows` / `thing.count` say."""
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain_text(v, names) for v in value)
    if isinstance(value, Mapping) and "id" in value:
        return param_text(value, names)
    return printed_name(value, names)


def param_text(value: Any, names: Mapping[str, Any]) -> str:
    """One parameter's value as text: an id by its printed name, a list as a comma list, a thing that shows a
    number (a die: Engine.named) as "Broccoli 5", a counted one as "2 × Broccoli" (the order is the language's:
    the messages' `thing.shows` and `thing.count`). With "words": <param> the thing reads as the messages'
    `param.<param>.<id>` ("1 × recipe cards"), for an id that has words but no printed name."""
    if not (isinstance(value, Mapping) and "id" in value):
        return _plain_text(value, names)
    worded = names.get(f"param.{value['words']}.{value['id']}") if "words" in value else None
    name = worded if isinstance(worded, str) else printed_name(value["id"], names)
    key, amount = ("thing.shows", value["shows"]) if "shows" in value else ("thing.count", value.get("count"))
    template = names.get(key)
    template = template if isinstance(template, str) else "{name} {shows}" if "shows" in value else "{count} × {name}"
    return template.replace("{name}", name).replace("{shows}", str(amount)).replace("{count}", str(amount))


def printed_name(value: Any, names: Mapping[str, str]) -> str:
    """The printed name the catalog gives an id as `name.<id>` (`weisswurst-1` and `weisswurst` both read
    "Weißwurst"); anything else stays as it is."""
    text = str(value)
    if f"name.{text}" in names:
        return names[f"name.{text}"]
    kind, dash, copy = text.rpartition("-")
    if dash and copy.isdigit() and f"name.{kind}" in names:
        return names[f"name.{kind}"]
    return text


def describe_error(err: Any, messages: Mapping[str, str], fallback: Mapping[str, str] | None = None) -> str:
    return format_message(messages, err.key, err.params, fallback)


def describe_events(events: list, messages: Mapping[str, str], fallback: Mapping[str, str] | None = None) -> str:
    return " ".join(format_message(messages, key, params, fallback) for key, params in events)
