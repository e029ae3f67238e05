"""Where the games of a batch are played: in this process, in local worker processes, or on
a Ray cluster. Every backend yields the same rows for the same indices (in whatever order
they finish); only timing differs.

Work is sent in chunks of game indices. A chunk's size adapts to the measured time per
game (about a quarter of a second of work, at most 64 games), so quick games do not
drown in messaging and slow ones still spread over all workers.
"""

from __future__ import annotations

import os
import queue
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from ludeme.errors import LudemeError, UsageError
from ludeme.sim.runner import BatchSpec, Runner

BACKENDS = ("local", "ray")
CHUNK_SECONDS = 0.25
MAX_CHUNK = 64


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class _Chunker:
    """Hands out chunks of indices; sizes them from the time per game seen so far."""

    def __init__(self, indices: Sequence[int], workers: int):
        self.todo = deque(indices)
        self.workers = workers
        self.games = 0
        self.seconds = 0.0

    def seen(self, rows: list[dict[str, Any]]) -> None:
        self.games += len(rows)
        self.seconds += sum(r["seconds"] for r in rows)

    def next(self) -> list[int]:
        size = 1
        if self.games:
            per_game = max(self.seconds / self.games, 1e-6)
            size = int(CHUNK_SECONDS / per_game)
            # leave enough chunks that every worker stays busy to the end
            size = min(size, len(self.todo) // (2 * self.workers))
            size = max(1, min(MAX_CHUNK, size))
        return [self.todo.popleft() for _ in range(min(size, len(self.todo)))]

    def __bool__(self) -> bool:
        return bool(self.todo)


def run_games(spec: BatchSpec, indices: Sequence[int], backend: str = "local",
              workers: int | None = None, address: str | None = None,
              runner: Runner | None = None) -> Iterator[dict[str, Any]]:
    """Play the games ``indices`` of the batch ``spec``; yield each finished game's row.

    ``runner`` (a Runner already built for ``spec``) lets the in-process path reuse it.
    """
    if backend == "ray":
        yield from _ray_rows(spec, indices, workers, address)
        return
    if backend != "local":
        raise UsageError(f"no backend '{backend}'", hint="backends: " + ", ".join(BACKENDS))
    workers = min(workers or default_workers(), max(len(indices), 1))
    if workers <= 1:
        runner = runner or Runner(spec)
        for i in indices:
            yield runner.play(i)
        return
    yield from _pool_rows(spec, indices, workers)


# -- local processes ----------------------------------------------------------------------
_WORKER_RUNNER: Runner | None = None
_WORKER_ERROR: BaseException | None = None


def _init_worker(spec: BatchSpec) -> None:
    """Loads the game once per process. Ctrl-C goes to the parent, which stops the pool;
    a failure is kept and raised by the first chunk (a pool whose initializer raises
    keeps restarting workers instead)."""
    import signal

    global _WORKER_RUNNER, _WORKER_ERROR
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        _WORKER_RUNNER = Runner(spec)
    except BaseException as err:  # noqa: BLE001 - reported through run_chunk
        _WORKER_ERROR = err


def _run_chunk(indices: list[int]) -> list[dict[str, Any]]:
    if _WORKER_RUNNER is None:
        raise _WORKER_ERROR or RuntimeError("worker not initialised")
    return _WORKER_RUNNER.play_many(indices)


def _pool_rows(spec: BatchSpec, indices: Sequence[int], workers: int
               ) -> Iterator[dict[str, Any]]:
    import multiprocessing

    # spawn, not fork: the parent may hold threads (a progress bar, Ray's client), and a
    # fresh interpreter imports ludeme in a fraction of a second anyway.
    ctx = multiprocessing.get_context("spawn")
    done: queue.Queue = queue.Queue()
    chunker = _Chunker(indices, workers)
    pool = ctx.Pool(workers, initializer=_init_worker, initargs=(spec,))
    try:
        in_flight = 0

        def submit() -> None:
            nonlocal in_flight
            chunk = chunker.next()
            pool.apply_async(_run_chunk, (chunk,), callback=lambda rows: done.put(("ok", rows)),
                             error_callback=lambda err: done.put(("error", err)))
            in_flight += 1

        while chunker and in_flight < 2 * workers:
            submit()
        while in_flight:
            # a timeout keeps the main thread responsive to Ctrl-C
            try:
                kind, payload = done.get(timeout=0.5)
            except queue.Empty:
                continue
            in_flight -= 1
            if kind == "error":
                raise payload
            chunker.seen(payload)
            yield from payload
            while chunker and in_flight < 2 * workers:
                submit()
        pool.close()
        pool.join()
    finally:
        pool.terminate()


# -- Ray ----------------------------------------------------------------------------------
class RayWorker:
    """A Ray actor: loads the game once, then plays chunks of games."""

    def __init__(self, spec: BatchSpec):
        self.runner = Runner(spec)

    def run(self, indices: list[int]) -> list[dict[str, Any]]:
        return self.runner.play_many(indices)


def _import_ray():
    try:
        import ray
    except ImportError:
        raise UsageError("the ray backend needs Ray, which is not installed",
                         hint="pip install 'ludeme[ray]'") from None
    return ray


def _unwrap_ray_error(err: Exception) -> Exception:
    cause = getattr(err, "cause", None)
    if isinstance(cause, LudemeError):
        return cause
    return LudemeError(f"a Ray worker failed: {str(err).strip().splitlines()[-1] if str(err) else err!r}")


def _ray_rows(spec: BatchSpec, indices: Sequence[int], workers: int | None,
              address: str | None) -> Iterator[dict[str, Any]]:
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False,
                     logging_level="ERROR")
        except (ConnectionError, ValueError, RuntimeError) as err:
            raise UsageError(f"cannot start or reach a Ray cluster"
                             f"{' at ' + address if address else ''}: {err}") from None
        started = True
    actors: list = []
    try:
        if workers is None:
            workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        workers = min(workers, max(len(indices), 1))
        actor_cls = ray.remote(num_cpus=1)(RayWorker)
        actors = [actor_cls.remote(spec) for _ in range(workers)]
        chunker = _Chunker(indices, workers)
        pending: dict = {}       # ObjectRef -> actor
        idle = list(actors)

        def fill() -> None:
            # two chunks queued per actor hides the round trip
            while chunker and len(pending) < 2 * len(actors):
                actor = idle.pop(0) if idle else actors[len(pending) % len(actors)]
                pending[actor.run.remote(chunker.next())] = actor

        fill()
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=0.5)
            for ref in ready:
                pending.pop(ref)
                try:
                    rows = ray.get(ref)
                except ray.exceptions.RayError as err:
                    raise _unwrap_ray_error(err) from None
                chunker.seen(rows)
                yield from rows
            fill()
    finally:
        for a in actors:
            try:
                ray.kill(a)
            except Exception:  # noqa: BLE001 - best effort cleanup
                pass
        if started:
            ray.shutdown()
