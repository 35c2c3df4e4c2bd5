"""Side by side: Loom's engine and SpiffWorkflow (the engine behind SpiffArena) on one PostgreSQL.

The same BPMN (start -> two user tasks -> end, assignee from a start variable), both persisted in
PostgreSQL with a queryable to-do table, the same number of threads and pooled connections:

- Loom: the service's engine and PostgreSQL store as the workflow API runs them (history, outbox
  rows, revision checks). Each process is start, then twice: find the instance's open task in
  ``act_ru_task`` and complete it.
- SpiffWorkflow: the parsed spec is cached (as a serialized dict, restored per command as SpiffArena
  does from its tables); an instance is one row of serialized state (JSONB) and a ``spiff_todo`` table
  lists the ready user tasks (instance, task, name, assignee). Each process is start (insert state +
  to-do rows), then twice: find the open task in ``spiff_todo``, lock and load the instance, run the
  task and the engine steps, write the state back and replace the instance's to-do rows.

Rounds alternate (Loom, peer, Loom, peer, ...) so both see the same machine; the medians and their
ratio go to ``RESULTS.md`` (section "Side by side"). PostgreSQL CPU is the user+system time of the
server's processes (postmaster and its children) over each round, per process.

``uv sync --group bench --inexact`` installs SpiffWorkflow, then
``LOOM_PEER_ROUNDS=5 LOOM_PEER_PROCESSES=300 uv run python bench/workflow/peer.py``.

``LOOM_PEER_SPLIT=300`` adds a split after the rounds (printed, not recorded): that many processes per
side on one thread and a one-connection pool, the PostgreSQL CPU of each step (start, find the task,
complete it) read from the backend's ``/proc/<pid>/schedstat`` (nanoseconds on CPU; exact where the
clock-tick figures of the rounds are not, and free of other processes' work); Loom's history applied
meanwhile by a history-worker thread on its own connection, its backend's CPU shown apart.
"""

from __future__ import annotations

import collections
import json
import os
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

sys.path.insert(0, str(Path(__file__).parent))
from bench_workflow import TWO_TASKS  # noqa: E402

from loom_platform.embedded import postgres_url, stop_postgres  # noqa: E402
from loom_platform.migrations import upgrade  # noqa: E402
from loom_platform.settings import repo_root  # noqa: E402
from loom_platform.testing.fixtures import recreate_database  # noqa: E402

ROOT = repo_root()
ROUNDS = int(os.environ.get("LOOM_PEER_ROUNDS", "5"))
PROCESSES = int(os.environ.get("LOOM_PEER_PROCESSES", "300"))
THREADS = int(os.environ.get("LOOM_PEER_THREADS", "4"))
SPLIT = int(os.environ.get("LOOM_PEER_SPLIT", "0"))
# History-worker threads applying Loom's history records during a round
HISTORY_WORKERS = int(os.environ.get("LOOM_PEER_HISTORY_WORKERS", "1"))
# Also run Loom with history level none (a third side)
WITH_NONE = os.environ.get("LOOM_PEER_NONE", "1") == "1"
POOL = int(os.environ.get("LOOM_PEER_POOL", "8" if THREADS > 1 else "1"))
# The machine as the run found it: other work on its cores inflates every figure.
LOAD_AT_START = os.getloadavg()[0]

PEER_TABLES = """
CREATE TABLE IF NOT EXISTS spiff_instance (id text PRIMARY KEY, state jsonb NOT NULL, completed boolean NOT NULL);
CREATE TABLE IF NOT EXISTS spiff_todo (
    task_id text PRIMARY KEY, instance_id text NOT NULL, name text, assignee text, create_time timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS ix_spiff_todo_instance ON spiff_todo (instance_id);
CREATE INDEX IF NOT EXISTS ix_spiff_todo_assignee ON spiff_todo (assignee, create_time);
"""


class Split:
    """PostgreSQL CPU of each step of a process, on the only backend of a one-connection pool."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.ns: collections.Counter[str] = collections.Counter()

    def _cpu_ns(self) -> int:
        return int(Path(f"/proc/{self.pid}/schedstat").read_text().split()[0])

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        before = self._cpu_ns()
        yield
        self.ns[name] += self._cpu_ns() - before


class Side:
    """What both engines share: the split of their steps when one is being taken."""

    split: Split | None = None

    def step(self, name: str) -> Any:
        return self.split.step(name) if self.split is not None else nullcontext()


# ---------------------------------------------------------------------------------------- Loom
class LoomSide(Side):
    """The engine and store the workflow service runs (outbox events included). History is written as
    one record per command and applied by ``HISTORY_WORKERS`` history-worker threads of this process
    (their CPU is counted with the engine's); a round ends only when every record is applied."""

    name = "Loom"

    def __init__(self, url: str, pool: int = POOL, *, level: str = "audit") -> None:
        from loom_workflow.engine import Engine
        from loom_workflow.engine.commands import Deploy
        from loom_workflow.events import outbox_messages
        from loom_workflow.pgstore.store import PgStore

        self.level = level
        if level != "audit":
            self.name = f"Loom (history {level})"
        self.key = "bench" if level == "audit" else f"bench_{level}"
        self.store = PgStore(url, min_size=pool, max_size=pool + HISTORY_WORKERS, events=outbox_messages)
        self.engine = Engine(self.store)
        xml = TWO_TASKS.replace('id="bench"', f'id="{self.key}" flowable:historyLevel="{level}"')
        self.engine.execute(Deploy({f"{self.key}.bpmn20.xml": xml}, name=self.key))
        self.workers: list[Any] = []
        self.threads: list[threading.Thread] = []
        self.lags: list[float] = []

    def begin(self) -> None:
        """History workers start with the round."""
        from loom_workflow.jobs.history import HistoryWorker
        from loom_workflow.settings import WorkflowSettings

        poll = WorkflowSettings.model_fields["history_poll_seconds"].default  # the service's own
        self.workers = [
            HistoryWorker(self.store, batch=500, poll_seconds=poll) for _ in range(HISTORY_WORKERS)
        ]
        for w in self.workers:
            w.on_batch = lambda applied: self.lags.extend(applied.lags)
        self.threads = [threading.Thread(target=w.run) for w in self.workers]
        for t in self.threads:
            t.start()

    def finish(self) -> None:
        """Waits until the history lag is zero (every record applied), then stops the workers."""
        from loom_workflow.pgstore import history

        while True:
            with self.store.pool.connection() as conn:
                pending, _ = history.lag(conn)
            if not pending:
                break
            time.sleep(0.005)
        for w in self.workers:
            w.stop()
        for t in self.threads:
            t.join()

    def backend_pid(self) -> int:
        with self.store.pool.connection() as conn:
            return conn.info.backend_pid

    def one(self, i: int) -> None:
        """Start, then complete the open task twice."""
        from loom_workflow.engine.commands import CompleteTask, StartProcess
        from loom_workflow.engine.runtime.entities import Task

        with self.step("start"):
            instance = self.engine.execute(StartProcess(key=self.key, variables={"applicant": f"u{i % 50}"}))
        for _ in range(2):
            with self.step("find the task"), self.store.transaction() as tx:
                (task,) = tx.rows(Task, "proc_inst_id = %s", (instance.id,))
            with self.step("complete it"):
                self.engine.execute(CompleteTask(task.id))

    def close(self) -> None:
        self.store.close()


# ---------------------------------------------------------------------------------------- peer
class SpiffSide(Side):
    """SpiffWorkflow with its state as JSONB and a to-do table, in one transaction per step."""

    name = "SpiffWorkflow"

    def __init__(self, url: str, pool: int = POOL) -> None:
        from SpiffWorkflow.bpmn.parser import BpmnParser
        from SpiffWorkflow.bpmn.serializer import BpmnWorkflowSerializer

        from loom_workflow.pgstore.store import conninfo

        self.pool = ConnectionPool(conninfo(url), min_size=pool, max_size=pool, open=True)
        parser = BpmnParser()
        parser.add_bpmn_str(TWO_TASKS.encode())
        self.spec = parser.get_spec("bench")
        self.serializer = BpmnWorkflowSerializer()
        self.spec_json = json.dumps(self.serializer.to_dict(self.spec))

    def _save(self, workflow: Any) -> Any:
        dct = self.serializer.to_dict(workflow)
        dct.pop("spec")
        dct.pop("subprocess_specs")
        return json.loads(json.dumps(dct, cls=self.serializer._encoder_cls))

    def _load(self, state: dict[str, Any]) -> Any:
        state["spec"] = json.loads(self.spec_json)
        state["subprocess_specs"] = {}
        return self.serializer.from_dict(state)

    def _todo(self, conn: psycopg.Connection[Any], instance_id: str, workflow: Any) -> None:
        from SpiffWorkflow.util.task import TaskState

        conn.execute("DELETE FROM spiff_todo WHERE instance_id = %s", (instance_id,))
        rows = [
            (str(t.id), instance_id, t.task_spec.bpmn_name, workflow.data.get("applicant"))
            for t in workflow.get_tasks(state=TaskState.READY, manual=True)
        ]
        if rows:
            conn.cursor().executemany(
                "INSERT INTO spiff_todo (task_id, instance_id, name, assignee, create_time) "
                "VALUES (%s, %s, %s, %s, now())",
                rows,
            )

    def backend_pid(self) -> int:
        with self.pool.connection() as conn:
            return conn.info.backend_pid

    def one(self, i: int) -> None:
        """Start, then complete the open task twice."""
        from SpiffWorkflow.bpmn import BpmnWorkflow

        workflow = BpmnWorkflow(self.spec)
        workflow.data["applicant"] = f"u{i % 50}"
        workflow.do_engine_steps()
        instance_id = uuid.uuid4().hex
        with self.step("start"), self.pool.connection() as conn:
            conn.execute(
                "INSERT INTO spiff_instance (id, state, completed) VALUES (%s, %s, %s)",
                (instance_id, Jsonb(self._save(workflow)), workflow.is_completed()),
            )
            self._todo(conn, instance_id, workflow)
        for _ in range(2):
            with self.step("find the task"), self.pool.connection() as conn:
                (task_id,) = conn.execute(
                    "SELECT task_id FROM spiff_todo WHERE instance_id = %s", (instance_id,)
                ).fetchone()  # type: ignore[misc]
            with self.step("complete it"), self.pool.connection() as conn:
                (state,) = conn.execute(
                    "SELECT state FROM spiff_instance WHERE id = %s FOR UPDATE", (instance_id,)
                ).fetchone()  # type: ignore[misc]
                workflow = self._load(state)
                workflow.run_task_from_id(uuid.UUID(task_id))
                workflow.do_engine_steps()
                conn.execute(
                    "UPDATE spiff_instance SET state = %s, completed = %s WHERE id = %s",
                    (Jsonb(self._save(workflow)), workflow.is_completed(), instance_id),
                )
                self._todo(conn, instance_id, workflow)
        assert workflow.is_completed()

    def close(self) -> None:
        self.pool.close()


# ---------------------------------------------------------------------------------------- measuring
def postgres_cpu(data_dir: Path) -> float:
    """User + system CPU seconds of the server: the postmaster and every child (backends, autovacuum)."""
    pid_file = next(data_dir.rglob("postmaster.pid"))
    postmaster = int(pid_file.read_text().split()[0])
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(proc.name), int(fields[1])
        if pid == postmaster or ppid == postmaster:
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def run_round(side: Any, data_dir: Path, offset: int) -> dict[str, float]:
    """PROCESSES processes on THREADS threads; wall throughput, client CPU and server CPU per process.
    Loom's round ends when its history is applied (the history workers' CPU is the client's)."""
    pg_before, cpu_before, started = postgres_cpu(data_dir), time.process_time(), time.perf_counter()
    getattr(side, "begin", lambda: None)()
    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(side.one, range(offset, offset + PROCESSES)))
    getattr(side, "finish", lambda: None)()
    wall = time.perf_counter() - started
    return {
        "per_second": PROCESSES / wall,
        "client_cpu_ms": (time.process_time() - cpu_before) / PROCESSES * 1000,
        "pg_cpu_ms": (postgres_cpu(data_dir) - pg_before) / PROCESSES * 1000,
    }


def analyze(url: str) -> None:
    """Planner statistics, as the service has them in production (autovacuum, ANALYZE after loads)."""
    from loom_workflow.pgstore.store import conninfo

    with psycopg.connect(conninfo(url), autocommit=True) as conn:
        conn.execute("ANALYZE")


def main() -> None:
    data_dir = Path(tempfile.gettempdir()) / "loom-bench-peer" / "pg"
    server = postgres_url(data_dir)
    url = recreate_database(server, "loom_workflow_peer")
    upgrade(ROOT / "services" / "workflow", url)
    from loom_workflow.pgstore.store import conninfo

    with psycopg.connect(conninfo(url), autocommit=True) as conn:
        conn.execute(PEER_TABLES)
    sides: list[Any] = [LoomSide(url), SpiffSide(url)] + ([LoomSide(url, level="none")] if WITH_NONE else [])
    from loom_workflow.collector import quiet_gc

    quiet_gc()  # the collector as the service's processes set it (both sides share this process)
    try:
        for side in sides:  # warm-up: code paths, pools, statistics
            for i in range(50):
                side.one(i)
            if isinstance(side, LoomSide):
                side.store.apply_history()  # the warm-up's history, applied before the rounds
        analyze(url)
        results: dict[str, list[dict[str, float]]] = {s.name: [] for s in sides}
        for r in range(ROUNDS):
            for side in sides:
                figures = run_round(side, data_dir, 1000 + r * PROCESSES)
                results[side.name].append(figures)
                print(f"round {r + 1} {side.name}: {figures}", flush=True)
            analyze(url)
        write(results, [lag for side in sides for lag in getattr(side, "lags", [])])
        if SPLIT:
            split(url)
    finally:
        for side in sides:
            side.close()
        stop_postgres(data_dir)


def split(url: str) -> None:
    """PostgreSQL CPU per process by step, each side alone on one thread and one connection; Loom's
    history applied meanwhile by a history-worker thread on a connection of its own, whose backend's
    CPU is the history's share (``/proc/<pid>/schedstat`` of both backends)."""
    from loom_workflow.pgstore import history
    from loom_workflow.pgstore.store import conninfo
    from loom_workflow.settings import WorkflowSettings

    poll = WorkflowSettings.model_fields["history_poll_seconds"].default
    for side in (LoomSide(url, pool=1), LoomSide(url, pool=1, level="none"), SpiffSide(url, pool=1)):
        try:
            for i in range(50):  # prepared statements and their generic plans
                side.one(i)
            if isinstance(side, LoomSide):
                side.store.apply_history()
            side.split = Split(side.backend_pid())
            stop, applied = threading.Event(), {"records": 0, "batches": 0, "ns": 0}

            def apply(stop: threading.Event = stop, applied: dict[str, int] = applied) -> None:
                with psycopg.connect(conninfo(url)) as conn:
                    worker = Split(conn.info.backend_pid)
                    with worker.step("history"):
                        while True:
                            done = history.apply_batch(conn, 500)
                            applied["records"] += done.records
                            applied["batches"] += 1 if done.records else 0
                            if not done.records:
                                if stop.is_set():
                                    break
                                time.sleep(poll)
                    applied["ns"] = worker.ns["history"]

            thread = threading.Thread(target=apply) if isinstance(side, LoomSide) else None
            if thread is not None:
                thread.start()
            for i in range(10_000, 10_000 + SPLIT):
                side.one(i)
            stop.set()
            if thread is not None:
                thread.join()
            ns = side.split.ns
            parts = ", ".join(f"{name} {value / SPLIT / 1e6:.2f}" for name, value in ns.items())
            worker = (
                f"; history worker {applied['ns'] / SPLIT / 1e6:.2f} ms per process "
                f"({applied['records']} records in {applied['batches']} batches)"
                if thread is not None
                else ""
            )
            print(f"split {side.name}: {sum(ns.values()) / SPLIT / 1e6:.2f} ms per process ({parts}){worker}")
        finally:
            side.close()


def median(rows: list[dict[str, float]], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def write(results: dict[str, list[dict[str, float]]], lags: list[float]) -> None:
    loom, peer = results["Loom"], results["SpiffWorkflow"]
    none = results.get("Loom (history none)")
    ratio = median(loom, "per_second") / median(peer, "per_second")
    pg_ratio = median(loom, "pg_cpu_ms") / median(peer, "pg_cpu_ms")
    load = os.getloadavg()[0]
    ordered = sorted(lags)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000 if ordered else 0.0

    def row(name: str, rows: list[dict[str, float]]) -> str:
        each = ", ".join(f"{r['per_second']:.0f}" for r in rows)
        return (
            f"| {name} | {median(rows, 'per_second'):.0f} ({each}) | {median(rows, 'client_cpu_ms'):.2f} "
            f"| {median(rows, 'pg_cpu_ms'):.2f} |"
        )

    cpus = os.cpu_count() or 1
    per_cpu = median(loom, "per_second") / cpus
    none_rows = f"\n{row('Loom, history level none', none)}" if none else ""
    none_ratio = (
        f" With history level none: **{median(none, 'per_second') / median(peer, 'per_second'):.2f}x** "
        f"(target >= 2.5x), {median(none, 'pg_cpu_ms') / median(peer, 'pg_cpu_ms'):.2f}x the PostgreSQL CPU."
        if none
        else ""
    )
    title = (
        "## Side by side with SpiffWorkflow (`bench/workflow/peer.py`)"
        if THREADS > 1
        else "## One thread on one connection, side by side with SpiffWorkflow (`LOOM_PEER_THREADS=1`)"
    )
    section = f"""{title}

Recorded {time.strftime("%Y-%m-%d %H:%M")} on {cpus} CPUs (load average {LOAD_AT_START:.1f} at the start,
{load:.1f} at the end; other engineers' work shares these cores and inflates every figure), Python {sys.version.split()[0]}, SpiffWorkflow 3.2, one embedded
PostgreSQL 16 (Unix socket). {ROUNDS} interleaved rounds of {PROCESSES} processes each (start -> two user
tasks -> end), {THREADS} threads and {POOL} pooled connections per engine; medians, every round in brackets.
Loom's history is asynchronous: each command writes one history record, {HISTORY_WORKERS} history-worker
thread(s) in the same process apply them during the round (their CPU is in Loom's engine-side CPU), and a
round ends only when the lag is zero. History lag (a record's age when applied) over the rounds:
p50 {pct(0.5):.0f} ms, p99 {pct(0.99):.0f} ms, max {pct(1.0):.0f} ms ({len(ordered)} records).

| engine | processes per wall-second | engine-side CPU per process (ms) | PostgreSQL CPU per process (ms) |
| --- | --- | --- | --- |
{row("Loom (history applied, outbox, revision checks)", loom)}
{row("SpiffWorkflow (JSONB state + to-do table)", peer)}{none_rows}

Loom / SpiffWorkflow: **{ratio:.2f}x** the processes per wall-second (target >= 1.5x), **{pg_ratio:.2f}x** the
PostgreSQL CPU per process (target <= 1.0x).{none_ratio} Per CPU with history on: {per_cpu:.0f} processes
per second (Flowable's published figure, history off: ~136).
"""
    path = Path(__file__).parent / "RESULTS.md"
    text = path.read_text(encoding="utf-8")
    marker = title.split(" (")[0] if THREADS > 1 else title
    if marker in text:
        head, _, rest = text.partition(marker)
        tail = rest.split("\n## ", 1)
        # the notes written under the figures (after the ratio line) stay
        notes = tail[0].split("(Flowable's published figure, history off: ~136).\n", 1)
        if len(notes) == 1:
            notes = tail[0].split("(target <= 1.0x).\n", 1)
        kept = notes[1] if len(notes) > 1 else ""
        text = head + section + kept + ("\n## " + tail[1] if len(tail) > 1 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.write_text(text, encoding="utf-8")
    print(section)


if __name__ == "__main__":
    main()
