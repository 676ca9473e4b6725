"""Hostile content: payloads a translator or a designer could write, put into every kind of string of a copy of
the content (used by the XSS test in tests/browser/ and by tests/test_untrusted_content.py)."""
from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import yaml

CONTENT = Path(__file__).resolve().parents[1] / "content"

# Each payload marks what it would inject with data-xss or window.__xss, so a test can look for it in the page.
PAYLOADS = [
    '<img src=x onerror="alert(1)" data-xss=1>',
    '</title><script>window.__xss=1;alert(2)</script><title>',
    '[a link](javascript:alert(3))',
    '<a href="javascript:alert(4)" data-xss=1>x</a>',
    '" onmouseover="alert(5)" data-xss="1',
    '![x](data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==)',
    '<svg onload="alert(7)" data-xss=1></svg>',
    "{{ 7 * 191 }} {% if true %}jinja{% endif %}",
]
TEXT_KEYS = {"name", "gloss", "subtitle", "title", "text", "term", "definition", "question", "answer",
             "description", "note", "body"}
ENGINE_KEYS = {"start", "expect", "args"}        # a replay's state: names there are data, not text


def _poison(node, payloads, every: int, counter) -> object:
    """Append a payload to every `every`-th text of the tree (the texts of TEXT_KEYS, and every value of a
    mapping of texts such as messages and interface strings)."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key in ENGINE_KEYS:
                out[key] = value
                continue
            texty = key in TEXT_KEYS or "." in str(key)           # ui and message keys are dotted
            if isinstance(value, str) and texty and next(counter) % every == 0:
                value = f"{value} {next(payloads)}"
            elif isinstance(value, dict) and {"text", "source"} <= set(value) and next(counter) % every == 0:
                text = value["text"]                     # plural forms: each form gets the payload
                value = dict(value, text={k: f"{v} {next(payloads)}" for k, v in text.items()}
                             if isinstance(text, dict) else f"{text} {next(payloads)}")
            else:
                value = _poison(value, payloads, every, counter)
            out[key] = value
        return out
    if isinstance(node, list):
        return [_poison(v, payloads, every, counter) for v in node]
    return node


def hostile_copy(tmp: Path, game: str = "mahlzeit", every: int = 3) -> Path:
    """A copy of one game's content and the interface strings with a payload in every `every`-th text of every
    file a translator or designer edits (game, rules, glossary, FAQ, messages, examples, translations, ui)."""
    root = tmp / "content"
    shutil.copytree(CONTENT / "ui", root / "ui")
    shutil.copytree(CONTENT / "games" / game, root / "games" / game)
    payloads, counter = itertools.cycle(PAYLOADS), itertools.count()
    for path in sorted(root.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if path == root / "games" / game / "game.yaml":   # the game's name too: in the nav and every <title>
            data["name"] = f"{data['name']} {PAYLOADS[0]}"
        data = _poison(data, payloads, every, counter)
        if path == root / "games" / game / "messages.yaml":   # every engine message: the try-it panel shows them
            data = {key: _with_payload(value, n) for n, (key, value) in enumerate(data.items())}
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return root


def _with_payload(value, n: int):
    """A message (or each plural form of one) with a payload, unless it has one already."""
    if isinstance(value, dict):
        return {k: v if k == "count" else _with_payload(v, n) for k, v in value.items()}
    if isinstance(value, str) and not any(p in value for p in PAYLOADS):
        return f"{value} {PAYLOADS[n % len(PAYLOADS)]}"
    return value
