"""The site's compressed copies (site/compress.py) and the local server that sends them (site/serve.py): what the
install of a site part writes beside its text files, and the answers of `tischlein site --serve` to browsers that
take gzip and to those that do not."""
from __future__ import annotations

import gzip
import http.client
from pathlib import Path

import pytest

from tischlein.site import compress
from tischlein.site.build import install
from tischlein.site.serve import accepts, serve_in_thread

PAGE = ("<!doctype html><html><body>" + "<p>Kirschwasser, Sahne und Schokoraspeln.</p>\n" * 200
        + "</body></html>").encode()
SCRIPT = ("export function score(cards) { return cards.reduce((a, c) => a + c.value, 0); }\n" * 100).encode()


def _tree(root: Path) -> Path:
    files = {"game/rules/index.html": PAGE, "assets/js/site.js": SCRIPT, "tiny/index.html": b"<p>hi</p>",
             "images/card.png": bytes(range(256)) * 20, "assets/engine/engine.zip": b"PK" + bytes(4000)}
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    return root


def test_install_writes_a_copy_beside_each_text_file_where_it_pays(tmp_path):
    tree = _tree(tmp_path / "tree")
    target = tmp_path / "site"
    installed = install(tree, target, lambda rel: True)
    copies = sorted(p.relative_to(target).as_posix() for p in target.rglob("*.gz"))
    assert copies == ["assets/js/site.js.gz", "game/rules/index.html.gz"]        # not the tiny page, image, zip
    assert {target / c for c in copies} <= set(installed)
    for copy in copies:
        assert gzip.decompress((target / copy).read_bytes()) == (target / copy[:-3]).read_bytes()
        assert (target / copy).stat().st_size < len(PAGE) / 4


def test_copies_are_deterministic_follow_their_original_and_go_with_it(tmp_path):
    tree = _tree(tmp_path / "tree")
    first, second = tmp_path / "one", tmp_path / "two"
    install(tree, first, lambda rel: True)
    install(tree, second, lambda rel: True)
    copy = "game/rules/index.html.gz"
    assert (first / copy).read_bytes() == (second / copy).read_bytes()
    stamp = (first / copy).stat().st_mtime_ns
    install(tree, first, lambda rel: True)                     # nothing changed: nothing rewritten
    assert (first / copy).stat().st_mtime_ns == stamp

    changed = PAGE.replace(b"Sahne", b"Zucker")
    (tree / "game/rules/index.html").write_bytes(changed)
    install(tree, first, lambda rel: True)
    assert gzip.decompress((first / copy).read_bytes()) == changed

    (tree / "game/rules/index.html").unlink()
    install(tree, first, lambda rel: True)
    assert not (first / copy).exists() and not (first / copy[:-3]).exists()


def test_a_part_leaves_the_copies_of_another_part_alone(tmp_path):
    tree = _tree(tmp_path / "tree")
    target = tmp_path / "site"
    install(tree, target, lambda rel: True)
    install(tmp_path / "empty", target, lambda rel: rel.startswith("tiny/"))
    assert (target / "game/rules/index.html.gz").is_file()


@pytest.mark.parametrize("header, takes", [
    ("gzip, deflate, br, zstd", True), ("gzip", True), ("GZIP;q=0.5", True), ("*", True),
    ("", False), ("identity", False), ("br", False), ("gzip;q=0", False), ("*, gzip;q=0", False),
    ("br;q=1.0, *;q=0", False), ("deflate, *;q=0.1", True)])
def test_accept_encoding(header, takes):
    assert accepts(header, "gzip") is takes


@pytest.fixture
def server(tmp_path):
    site = tmp_path / "site"
    install(_tree(tmp_path / "tree"), site, lambda rel: True)
    srv, _ = serve_in_thread(site)
    yield srv.server_address[1]
    srv.shutdown()
    srv.server_close()


def _get(port: int, path: str, method: str = "GET", **headers: str):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response, body


def test_the_server_sends_the_copy_to_a_browser_that_takes_gzip(server):
    response, body = _get(server, "/game/rules/", **{"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert response.getheader("Content-Type").startswith("text/html")
    assert response.getheader("Vary") == "Accept-Encoding"
    assert int(response.getheader("Content-Length")) == len(body) < len(PAGE) / 4
    assert gzip.decompress(body) == PAGE
    response, body = _get(server, "/assets/js/site.js", **{"Accept-Encoding": "gzip"})
    assert response.getheader("Content-Type") == "text/javascript"
    assert gzip.decompress(body) == SCRIPT
    response, body = _get(server, "/game/rules/index.html", "HEAD", **{"Accept-Encoding": "gzip"})
    assert response.getheader("Content-Encoding") == "gzip" and body == b""


def test_the_server_sends_the_file_itself_to_a_browser_that_does_not(server):
    for headers in ({}, {"Accept-Encoding": "identity"}, {"Accept-Encoding": "gzip;q=0"}):
        response, body = _get(server, "/game/rules/", **headers)
        assert response.status == 200 and body == PAGE, headers
        assert response.getheader("Content-Encoding") is None
        assert response.getheader("Vary") == "Accept-Encoding"
    response, body = _get(server, "/tiny/", **{"Accept-Encoding": "gzip"})      # no copy: as it is
    assert body == b"<p>hi</p>" and response.getheader("Content-Encoding") is None
    assert response.getheader("Vary") is None
    response, _ = _get(server, "/game/rules", **{"Accept-Encoding": "gzip"})     # the directory's redirect stays
    assert response.status == 301


def test_sent_bytes_counts_what_the_server_sends(tmp_path):
    tree = _tree(tmp_path / "tree")
    files = [tree / "game/rules/index.html", tree / "images/card.png", tree / "tiny/index.html"]
    cache = tmp_path / "sizes.json"
    expected = len(gzip.compress(PAGE, 9, mtime=0)) + 256 * 20 + len(b"<p>hi</p>")
    assert compress.sent_bytes(files, cache) == expected
    assert compress.sent_bytes(files, cache) == expected              # from the cache


def test_a_page_edited_after_the_build_is_sent_as_it_is_not_as_its_old_copy(server, tmp_path):
    page = tmp_path / "site" / "game" / "rules" / "index.html"
    assert compress.current(page)
    edited = PAGE.replace(b"</body>", b"<p>edited</p></body>")
    page.write_bytes(edited)
    response, body = _get(server, "/game/rules/", **{"Accept-Encoding": "gzip"})
    assert body == edited and response.getheader("Content-Encoding") is None
    install(_tree(tmp_path / "tree"), tmp_path / "site", lambda rel: True)      # the next build: current again
    assert compress.current(page)
    response, body = _get(server, "/game/rules/", **{"Accept-Encoding": "gzip"})
    assert gzip.decompress(body) == PAGE and response.getheader("Content-Encoding") == "gzip"
