"""Files checked on every core: ``recompute`` of many protocols shared among worker processes.

Kept because it pays on a realistic archive (measured in ``tests/bench``: 1,000 small files, 0.49 s on two cores
against 0.80 s with ``--jobs 1``).  Each file is checked on its own, so a worker's report is exactly what one
process would print; the reports are given back in the order of the command line.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, Iterator

# Below this many bytes of protocols one process is quicker: starting the others costs ~25 ms, which ~100 small
# files (~250 KB) repay on two cores (measured: 400 files, 0.93 MB, 320 ms alone, 205 ms in two).
_PARALLEL_FROM_BYTES = 512 * 1024
# On Linux the workers are forked: they start warm, with bbscore imported (the process has no threads to make that
# unsafe).  Elsewhere the platform's default way (None), which imports bbscore afresh in each worker.
_WORKER_START = "fork" if sys.platform.startswith("linux") else None


def each_report(files: list[Path], work: Callable[..., tuple[dict, int]], *, convention: str | None, fix: bool,
                jobs: int | None) -> Iterator[tuple[dict, int]]:
    """``work(path, convention, fix)`` — a file's (report, exit level) — for each file, in the order given: in ``jobs``
    processes (default: one per core) when the files are many and big enough to gain from it; ``--fix`` in one.

    ``work`` must be a module-level function (a worker started by spawn imports it by name).
    """
    import os

    if jobs is None:
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    # --fix writes files: in one process, so that the files changed and the order of the writes are exactly those of
    # the reports shown (a failing output, or a file named twice, stops or goes on the same way).
    jobs = 1 if fix else max(1, min(jobs, len(files)))  # (no files: none to share)
    sizes = []
    if jobs > 1:
        for path in files:
            try:
                sizes.append(path.stat().st_size)
            except OSError:  # reported by the file's own recompute
                sizes.append(0)
        if sum(sizes) < _PARALLEL_FROM_BYTES:
            jobs = 1
    if jobs == 1:
        for path in files:
            yield work(path, convention, fix)
        return
    import multiprocessing
    from functools import partial

    context = multiprocessing.get_context(_WORKER_START)
    batches = [[(index, files[index]) for index in batch] for batch in _batches(sizes, jobs)]
    done: dict[int, tuple[dict, int]] = {}
    following = 0
    # Leaving the block (done, Ctrl-C, an error) terminates the workers: an interrupt does not wait for a big file.
    from bbscore.i18n import language

    with context.Pool(jobs, initializer=_start_worker, initargs=(language(),)) as pool:
        for results in pool.imap_unordered(partial(_work_batch, work=work, convention=convention, fix=fix), batches):
            done.update(results)
            while following in done:  # each report as soon as all before it are there
                yield done.pop(following)
                following += 1


def _batches(sizes: list[int], jobs: int) -> list[list[int]]:
    """The files' indexes in runs of about equal bytes (a big file alone), the biggest runs first: no worker is left
    with all the big files while the others wait."""
    goal = max(1, sum(sizes) // (jobs * 8))
    batches: list[list[int]] = []
    current: list[int] = []
    current_size = 0
    for index, size in enumerate(sizes):
        current.append(index)
        current_size += size
        if current_size >= goal:
            batches.append(current)
            current, current_size = [], 0
    if current:
        batches.append(current)
    batches.sort(key=lambda batch: -sum(sizes[index] for index in batch))
    return batches


def _work_batch(batch: list[tuple[int, Path]], work, convention: str | None, fix: bool) -> dict[int, tuple[dict, int]]:
    """In a worker: the reports of some files, by their place in the command line."""
    return {index: work(path, convention, fix) for index, path in batch}


def _start_worker(code: str) -> None:
    """In a worker: the run's language (a spawned worker starts in Russian), and Ctrl-C is the main process's to
    handle (no tracebacks from the workers)."""
    import signal

    from bbscore.i18n import set_language

    set_language(code)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
