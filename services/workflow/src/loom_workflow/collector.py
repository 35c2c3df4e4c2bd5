"""The cyclic garbage collector as every engine process (API, worker, history) sets it at start-up.

Its own module: the processes' entry points (``engine_host``, ``jobs.history``) and the benchmarks
call it, and none of them may import another's for it.
"""

from __future__ import annotations

import gc

# The cyclic collector's generation-0 threshold in an engine process. A command allocates thousands of
# short-lived objects (rows, snapshots, events) that reference counting frees, yet the default 700
# triggers a collection every few commands, walking the process's whole young heap: 0.3 ms (up to
# 0.9 ms) of CPU per process of the benchmark, ~5 % (bench/workflow/RESULTS.md, 2026-11-27).
GC_THRESHOLDS = (50_000, 20, 100)


def quiet_gc() -> None:
    """Freezes what start-up built (modules, models, caches: never garbage, no longer traversed by a
    full collection) and raises the collector's thresholds; cycles are still collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
