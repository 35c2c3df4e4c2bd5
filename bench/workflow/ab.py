"""A/B of Loom's engine variants, interleaved round by round on one PostgreSQL (the machine is shared
and drifts by +/-10 % between consecutive runs: only alternating rounds compare fairly).

Each variant is a patch applied to the service's modules before its round and undone after it; the
rounds are ``peer.py``'s (``LOOM_PEER_PROCESSES`` processes on ``LOOM_PEER_THREADS`` threads, history
applied by a history-worker thread, a round ending when the lag is zero). Every completion carries a
comment, as the service's audit does (``LOOM_AB_COMMENT=0``: none, as ``peer.py``).

``LOOM_AB=zlib`` (default): history records compressed above 256 B vs above 1 KB.
``LOOM_AB=comments``: comments carried in the history record vs written by the command itself.
``LOOM_AB=gc``: the collector as the service sets it (``collector.quiet_gc``) vs Python's defaults.

``LOOM_PEER_ROUNDS=4 LOOM_PEER_PROCESSES=300 LOOM_AB=zlib uv run python bench/workflow/ab.py``
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from peer import PROCESSES, ROOT, ROUNDS, THREADS, LoomSide, analyze, run_round  # noqa: E402

from loom_platform.embedded import postgres_url, stop_postgres  # noqa: E402
from loom_platform.migrations import upgrade  # noqa: E402
from loom_platform.testing.fixtures import recreate_database  # noqa: E402
from loom_workflow.collector import quiet_gc  # noqa: E402

WHICH = os.environ.get("LOOM_AB", "zlib")
COMMENT = os.environ.get("LOOM_AB_COMMENT", "1") == "1"


@dataclass(frozen=True)
class AuditTask:
    """A completion with its comment in one command, as the service's audit."""

    task_id: str

    def execute(self, ctx: Any) -> Any:
        from loom_workflow.engine.commands import CompleteTask
        from loom_workflow.engine.commands.tasks import AddComment

        AddComment("同意 / approved", task_id=self.task_id).execute(ctx)
        return CompleteTask(self.task_id).execute(ctx)


class CommentedSide(LoomSide):
    """``peer.py``'s Loom side whose completions carry a comment."""

    def one(self, i: int) -> None:
        from loom_workflow.engine.commands import CompleteTask, StartProcess
        from loom_workflow.engine.runtime.entities import Task

        instance = self.engine.execute(StartProcess(key=self.key, variables={"applicant": f"u{i % 50}"}))
        for _ in range(2):
            with self.store.transaction() as tx:
                (task,) = tx.rows(Task, "proc_inst_id = %s", (instance.id,))
            self.engine.execute(AuditTask(task.id) if COMMENT else CompleteTask(task.id))


@contextmanager
def patched(module: Any, name: str, value: Any) -> Iterator[None]:
    old = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, old)


def variants() -> dict[str, Callable[[], Any]]:
    from contextlib import nullcontext

    from loom_workflow.engine.runtime.entities import Comment
    from loom_workflow.pgstore import history

    if WHICH == "zlib":
        return {
            "zlib over 256 B": lambda: patched(history, "_COMPRESS_OVER", 256),
            "zlib over 1 KB": lambda: patched(history, "_COMPRESS_OVER", 1024),
        }
    if WHICH == "comments":
        original = history.recorded
        return {
            "comments in the record": nullcontext,
            "comments by the command": lambda: patched(
                history, "recorded", lambda row: not isinstance(row, Comment) and original(row)
            ),
        }
    if WHICH == "gc":
        return {"collector as the service sets it": nullcontext, "collector's defaults": default_gc}
    raise SystemExit(f"unknown LOOM_AB={WHICH}")


@contextmanager
def default_gc() -> Iterator[None]:
    """Python's own collector settings (the service freezes start-up and raises the thresholds)."""
    import gc

    thresholds = gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    try:
        yield
    finally:
        gc.collect()
        gc.freeze()
        gc.set_threshold(*thresholds)


def main() -> None:
    data_dir = Path(tempfile.gettempdir()) / "loom-bench-ab" / "pg"
    url = recreate_database(postgres_url(data_dir), "loom_workflow_ab")
    upgrade(ROOT / "services" / "workflow", url)
    side = CommentedSide(url)
    quiet_gc()  # as the service's processes (collector.py)
    cases = variants()
    load_before = os.getloadavg()[0]
    try:
        for i in range(50):
            side.one(i)
        side.store.apply_history()
        analyze(url)
        results: dict[str, list[dict[str, float]]] = {name: [] for name in cases}
        offset = 1000
        for r in range(ROUNDS):
            order = list(cases) if r % 2 == 0 else list(reversed(cases))
            for name in order:
                with cases[name]():
                    figures = run_round(side, data_dir, offset)
                offset += PROCESSES
                results[name].append(figures)
                print(f"round {r + 1} {name}: {figures}", flush=True)
            analyze(url)
    finally:
        side.close()
        stop_postgres(data_dir)
    print(
        f"\nA/B {WHICH}, comment per completion: {COMMENT}, {ROUNDS} x {PROCESSES} processes, {THREADS} threads, "
        f"load average {load_before:.1f} -> {os.getloadavg()[0]:.1f}"
    )
    first = None
    for name, rows in results.items():
        rate = statistics.median(r["per_second"] for r in rows)
        first = first or rate
        print(
            f"{name}: {rate:.0f}/s ({', '.join(format(r['per_second'], '.0f') for r in rows)}), "
            f"engine CPU {statistics.median(r['client_cpu_ms'] for r in rows):.2f} ms, "
            f"PostgreSQL CPU {statistics.median(r['pg_cpu_ms'] for r in rows):.2f} ms per process, "
            f"{rate / first:.3f}x the first"
        )


if __name__ == "__main__":
    main()
