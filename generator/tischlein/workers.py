"""A pool of forked worker processes that always ends: the build's tasks run here (tischlein.buildplan).

Each worker has a pipe of its own to the build, so no lock is shared between processes. concurrent.futures' pool
shares one result queue guarded by a lock: a worker stopped while it held that lock left the next one blocked in
`put` for ever, and the build waited for it in `shutdown(wait=True)` with SIGTERM and Ctrl-C only noted (a build
into a read-only folder hung until `kill -9`). Here, on the first failure, a worker's death or a stop, every worker
gets SIGTERM (it unwinds, so its temporary files go), then SIGKILL after a grace period, and the build goes on
to its error message within seconds.
"""
from __future__ import annotations

import os
import pickle
import signal
import time
import traceback
from collections import deque
from multiprocessing import connection, get_context
from typing import Any, Callable, Iterable

from .files import stop_if_asked, stops_noted

GRACE = 3.0          # seconds a stopped worker has to unwind before it is killed
POLL = 0.2           # seconds between two looks at the stop signals while waiting for workers


class TaskFailed(Exception):
    """A task raised an exception in a worker: `error` is that exception when it could be carried over (else
    None), `kind` and `message` its class name and text, `details` the worker's traceback (for --debug)."""

    def __init__(self, item: Any, error: BaseException | None, kind: str, message: str, details: str):
        super().__init__(f"{kind}: {message}")
        self.item, self.error, self.kind, self.message, self.details = item, error, kind, message, details


class WorkerDied(Exception):
    """A worker process ended while it ran a task (killed, out of memory, os._exit)."""

    def __init__(self, item: Any, exitcode: int | None):
        self.item, self.exitcode = item, exitcode
        super().__init__(f"a worker process ended unexpectedly ({how_it_ended(exitcode)})")


def how_it_ended(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return "gone" if exitcode is None else f"exit code {exitcode}"


def _portable(exc: BaseException) -> BaseException | None:
    """The exception itself when it survives pickling (OSError keeps its errno and file names), else None."""
    try:
        return pickle.loads(pickle.dumps(exc))
    except Exception:
        return None


def _serve(conn: connection.Connection, function: Callable, initializer: Callable[[], None] | None) -> None:
    """A worker's life: run each item the build sends until it sends None or goes away. A stop (SIGTERM,
    raised as SystemExit by the worker's handler) ends the process at once, after the task has unwound."""
    try:
        if initializer is not None:
            initializer()
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                break
            if message is None:
                break
            index, item = message
            try:
                reply = ("done", index, function(*item))
            except Exception as exc:
                reply = ("failed", index, _portable(exc), type(exc).__name__, str(exc), traceback.format_exc())
            try:
                conn.send(reply)
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                conn.send(("failed", index, None, type(exc).__name__, f"the result could not be sent: {exc}",
                           traceback.format_exc()))
    except (SystemExit, KeyboardInterrupt):
        os._exit(143)
    except BaseException:
        os._exit(1)
    os._exit(0)            # no atexit handlers, no flushing of the build's inherited buffers


class _Worker:
    def __init__(self, context, function, initializer):
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, function, initializer), daemon=True)
        self.process.start()
        child.close()
        self.index: int | None = None        # the item it runs

    def give(self, index: int, item: Any, items: list) -> None:
        self.index = index
        try:
            self.conn.send((index, item))
        except OSError:            # it died before it could take the task (a broken pipe)
            _died(self, items)


def run_all(items: Iterable[tuple], function: Callable, jobs: int, on_done: Callable[[int, Any], None],
            initializer: Callable[[], None] | None = None) -> None:
    """Call `function(*item)` for every item on `jobs` forked workers; `on_done(index, result)` in this process
    as each finishes. The first failure stops every worker and raises TaskFailed or WorkerDied (or the stop:
    SystemExit 143 for SIGTERM, KeyboardInterrupt for Ctrl-C); an exception from `on_done` does the same."""
    items = list(items)
    pending = deque(enumerate(items))
    workers: list[_Worker] = []
    context = get_context("fork")
    with stops_noted():
        try:
            for _ in range(min(jobs, len(items))):
                stop_if_asked()
                workers.append(_Worker(context, function, initializer))
            for worker in workers:
                if pending:
                    worker.give(*pending.popleft(), items)
            while any(w.index is not None for w in workers):
                busy = [w for w in workers if w.index is not None]
                ready = connection.wait([w.conn for w in busy] + [w.process.sentinel for w in busy], POLL)
                stop_if_asked()
                for worker in busy:
                    if worker.conn in ready or worker.conn.poll():
                        _receive(worker, items, on_done)
                    elif worker.process.sentinel in ready:
                        _died(worker, items)
                    else:
                        continue
                    if pending:
                        worker.give(*pending.popleft(), items)
        except BaseException:
            _stop(workers)
            stop_if_asked()          # a worker that ended because the build was stopped: the stop is the cause
            raise
        for worker in workers:
            try:
                worker.conn.send(None)
            except OSError:
                pass
        _stop(workers, ask=False)


def _receive(worker: _Worker, items: list, on_done) -> None:
    try:
        reply = worker.conn.recv()
    except (EOFError, OSError):
        _died(worker, items)
    index, worker.index = worker.index, None
    if reply[0] == "done":
        on_done(index, reply[2])
    else:
        _, _, error, kind, message, details = reply
        raise TaskFailed(items[index], error, kind, message, details)


def _died(worker: _Worker, items: list) -> None:
    worker.process.join(1.0)
    time.sleep(0.05)             # a stop sent to the whole process group reaches the build too: let it be noted
    stop_if_asked()
    raise WorkerDied(items[worker.index], worker.process.exitcode)


def _stop(workers: list[_Worker], ask: bool = True) -> None:
    """Every worker ended within GRACE seconds plus one: asked (SIGTERM: each unwinds its temporary files; not
    when they were told they are done), then killed. Nothing here waits without a time limit."""
    for worker in workers:
        if ask and worker.process.is_alive():
            worker.process.terminate()
    deadline = time.monotonic() + GRACE
    for worker in workers:
        worker.process.join(max(0.0, deadline - time.monotonic()))
    for worker in workers:
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join(1.0)
        worker.conn.close()
