"""Serve a built site on 127.0.0.1 only (never on all interfaces), compressed where the browser takes it: a file
with a current gzip copy beside it (`x.js.gz`, written by the build: compress.py) is sent as that copy to a browser
whose Accept-Encoding takes gzip, and as itself to any other (and when the copy is older than the file)."""
from __future__ import annotations

import functools
import http.server
import os
import threading
from pathlib import Path

from . import compress

HOST = "127.0.0.1"


def accepts(header: str, coding: str) -> bool:
    """Whether an Accept-Encoding header takes `coding` ("gzip;q=0" refuses it; "*" takes any not named)."""
    weights = {}
    for part in header.split(","):
        name, _, params = part.partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if name.strip():
            weights[name.strip().lower()] = weight
    return weights.get(coding, weights.get("*", 0.0)) > 0


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".svg": "image/svg+xml", ".json": "application/json"}
    _varies = False

    def send_head(self):
        self._varies = False
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        packed = str(compress.copy_of(Path(path)))
        if not (os.path.isfile(path) and compress.current(Path(path))):
            return super().send_head()
        self._varies = True                     # a cache must keep the two answers apart
        if not accepts(self.headers.get("Accept-Encoding", ""), compress.ENCODING):
            return super().send_head()
        f = open(packed, "rb")
        try:
            size = os.fstat(f.fileno()).st_size
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", compress.ENCODING)
            self.send_header("Content-Length", str(size))
            self.send_header("Last-Modified", self.date_time_string(os.stat(path).st_mtime))
            self.end_headers()
            return f
        except Exception:
            f.close()
            raise

    def end_headers(self) -> None:
        if self._varies:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()


class QuietHandler(SiteHandler):
    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the stdlib's name
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        import sys
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return              # the browser navigated away while a file was still being sent
        super().handle_error(request, client_address)


def make_server(root: Path, port: int = 0, quiet: bool = True) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(QuietHandler if quiet else SiteHandler, directory=str(root))
    server = Server((HOST, port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(root: Path, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, threading.Thread]:
    server = make_server(root, port)
    thread = threading.Thread(target=server.serve_forever, name="tischlein-site", daemon=True)
    thread.start()
    return server, thread


def serve_forever(root: Path, port: int) -> None:
    server = make_server(root, port, quiet=False)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
