"""Serve a built site on 127.0.0.1 only (never on all interfaces)."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

HOST = "127.0.0.1"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".svg": "image/svg+xml", ".json": "application/json"}

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
    handler = functools.partial(QuietHandler if quiet else http.server.SimpleHTTPRequestHandler,
                                directory=str(root))
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
