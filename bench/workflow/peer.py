"""Side by side: Loom's engine and SpiffWorkflow (the engine behind SpiffArena) on one PostgreSQL.

Two workloads (``LOOM_PEER_WORKLOADS``, default both), each the same BPMN for both engines with its
conditions in each engine's own expression language, both persisted in PostgreSQL with a queryable
to-do table, the same number of threads and pooled connections:

- ``two-task``: start -> two user tasks -> end, the assignee from a start variable; 2 tasks, 3 commands.
- ``approval``: an approval as the seeds describe them: the manager, then HR and finance in parallel,
  then three countersigners (a parallel multi-instance over the ``signers`` list), then a director when
  the amount is over 1,000 (``${amount > 1000}`` for Loom, ``amount > 1000`` for the peer); ten form
  variables set at the start and submitted again, unchanged, with each completion (as a dynamic form
  does); 7 tasks, 8 commands.

How each engine runs a process:

- Loom: the service's engine and PostgreSQL store as the workflow API runs them (history, outbox
  rows, revision checks). Start, then once per task: find one of the instance's open tasks in
  ``act_ru_task`` and complete it.
- SpiffWorkflow: the parsed spec is cached (as a serialized dict, restored per command as SpiffArena
  does from its tables); an instance is one row of serialized state (JSONB) and a ``spiff_todo`` table
  lists the ready user tasks (instance, task, name, assignee). Start (insert state + to-do rows), then
  once per task: find an open task in ``spiff_todo``, lock and load the instance, run the task and the
  engine steps, write the state back and replace the instance's to-do rows.

For each thread count of ``LOOM_PEER_THREADS`` (default ``1,4``; a one-connection pool for one thread,
eight connections otherwise) and each workload, rounds alternate (Loom, peer, Loom, peer, ...) so both
see the same machine; the medians and their ratio go to ``RESULTS.md`` (section "Side by side with
SpiffWorkflow, per workload"; rows of a combination not run keep their last figures). PostgreSQL CPU
is the user+system time of the server's processes (postmaster and its children) over each round, per
process and per command. Loom's history is applied in the round by a history-worker thread; a round
ends when the lag is zero; the lag (a record's age when applied) is reported per workload.

``uv sync --group bench --inexact`` installs SpiffWorkflow, then
``LOOM_PEER_ROUNDS=5 LOOM_PEER_PROCESSES=300 uv run python bench/workflow/peer.py``
(``LOOM_PEER_PROCESSES``: two-task processes per round; an approval round runs 3/8 as many processes,
the same number of commands). ``LOOM_PEER_SERVER=debian`` runs on a private server of Debian's
PostgreSQL (``pgstat.py``) instead of the embedded one.

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
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
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
THREAD_COUNTS = [int(t) for t in os.environ.get("LOOM_PEER_THREADS", "1,4").split(",")]
THREADS = THREAD_COUNTS[0]  # ab.py's rounds
WORKLOAD_NAMES = os.environ.get("LOOM_PEER_WORKLOADS", "two-task,approval").split(",")
SPLIT = int(os.environ.get("LOOM_PEER_SPLIT", "0"))
SERVER = os.environ.get("LOOM_PEER_SERVER", "embedded")
# History-worker threads applying Loom's history records during a round
HISTORY_WORKERS = int(os.environ.get("LOOM_PEER_HISTORY_WORKERS", "1"))
# Also run Loom with history level none (a third side)
WITH_NONE = os.environ.get("LOOM_PEER_NONE", "0") == "1"


def pool_for(threads: int) -> int:
    """Pooled connections per engine: ``LOOM_PEER_POOL``, else one for one thread and eight otherwise."""
    return int(os.environ.get("LOOM_PEER_POOL", "8" if threads > 1 else "1"))


POOL = pool_for(THREADS)
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

# ------------------------------------------------------------------------------------ workloads
APPROVAL = """<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="bench">
<process id="approval" name="报销审批" isExecutable="true">
<startEvent id="start"/>
<userTask id="manager" name="部门经理审批" flowable:assignee="${manager}"/>
<parallelGateway id="fork"/>
<userTask id="hr" name="人事审批" flowable:assignee="${hr}"/>
<userTask id="finance" name="财务审批" flowable:assignee="${finance}"/>
<parallelGateway id="join"/>
<userTask id="sign" name="会签" flowable:assignee="${signer}">
<multiInstanceLoopCharacteristics isSequential="false">
<loopDataInputRef>signers</loopDataInputRef><inputDataItem id="signer" name="signer"/>
</multiInstanceLoopCharacteristics>
</userTask>
<exclusiveGateway id="amount" default="small"/>
<userTask id="director" name="总监审批" flowable:assignee="${director}"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="manager"/>
<sequenceFlow id="f2" sourceRef="manager" targetRef="fork"/>
<sequenceFlow id="f3" sourceRef="fork" targetRef="hr"/>
<sequenceFlow id="f4" sourceRef="fork" targetRef="finance"/>
<sequenceFlow id="f5" sourceRef="hr" targetRef="join"/>
<sequenceFlow id="f6" sourceRef="finance" targetRef="join"/>
<sequenceFlow id="f7" sourceRef="join" targetRef="sign"/>
<sequenceFlow id="f8" sourceRef="sign" targetRef="amount"/>
<sequenceFlow id="large" sourceRef="amount" targetRef="director"><conditionExpression>CONDITION</conditionExpression></sequenceFlow>
<sequenceFlow id="small" sourceRef="amount" targetRef="end"/>
<sequenceFlow id="f9" sourceRef="director" targetRef="end"/>
</process></definitions>"""


def approval_form(i: int) -> dict[str, Any]:
    """The approval's ten form variables (the amount over 1,000: the director's step is taken)."""
    return {
        "applicant": f"u{i % 50}",
        "manager": f"m{i % 7}",
        "hr": "hr1",
        "finance": "fin1",
        "signers": ["s1", "s2", "s3"],
        "director": "d1",
        "amount": 1500 + i % 100,
        "title": f"差旅报销 {i}",
        "reason": "客户现场支持",
        "dept": "研发部",
    }


@dataclass(frozen=True)
class Workload:
    """A process both engines run: one BPMN (``CONDITION`` replaced by each engine's condition)."""

    name: str
    key: str  # the process id in the BPMN
    xml: str
    loom_condition: str
    spiff_condition: str
    tasks: int
    start: Callable[[int], dict[str, Any]]  # the start's variables
    form: Callable[[int], dict[str, Any]]  # what each completion submits
    assignee: dict[str, str]  # the peer's to-do: node id -> the variable naming its assignee
    processes: int  # per round

    @property
    def commands(self) -> int:
        """Commands per process: the start and one per task."""
        return self.tasks + 1

    def loom_xml(self, key: str, level: str) -> str:
        return self.xml.replace("CONDITION", self.loom_condition).replace(
            f'id="{self.key}"', f'id="{key}" flowable:historyLevel="{level}"', 1
        )

    def spiff_xml(self) -> str:
        return self.xml.replace("CONDITION", self.spiff_condition)


WORKLOADS = {
    "two-task": Workload(
        name="two-task",
        key="bench",
        xml=TWO_TASKS,
        loom_condition="",
        spiff_condition="",
        tasks=2,
        start=lambda i: {"applicant": f"u{i % 50}"},
        form=lambda _i: {},
        assignee={"t1": "applicant", "t2": "applicant"},
        processes=PROCESSES,
    ),
    "approval": Workload(
        name="approval",
        key="approval",
        xml=APPROVAL,
        loom_condition="${amount &gt; 1000}",
        spiff_condition="amount &gt; 1000",
        tasks=7,
        start=approval_form,
        form=approval_form,
        assignee={
            "manager": "manager",
            "hr": "hr",
            "finance": "finance",
            "sign": "signer",
            "director": "director",
        },
        processes=max(1, PROCESSES * 3 // 8),
    ),
}


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

    def __init__(
        self,
        url: str,
        pool: int = POOL,
        *,
        level: str = "audit",
        workload: Workload = WORKLOADS["two-task"],
        spare: int = HISTORY_WORKERS,
    ) -> None:
        """``spare``: pooled connections beyond ``pool`` for the history workers (none for the split:
        a pool of two would alternate the commands over two backends, one of them unmeasured)."""
        from loom_workflow.engine import Engine
        from loom_workflow.engine.commands import Deploy
        from loom_workflow.events import outbox_messages
        from loom_workflow.pgstore.store import PgStore

        self.level = level
        self.workload = workload
        if level != "audit":
            self.name = f"Loom (history {level})"
        self.key = workload.key if level == "audit" else f"{workload.key}_{level}"
        self.store = PgStore(url, min_size=pool, max_size=pool + spare, events=outbox_messages)
        self.engine = Engine(self.store)
        xml = workload.loom_xml(self.key, level)
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
        """Start, then complete one of the instance's open tasks until none is left."""
        from loom_workflow.engine.commands import CompleteTask, StartProcess
        from loom_workflow.engine.runtime.entities import Task

        workload = self.workload
        with self.step("start"):
            instance = self.engine.execute(StartProcess(key=self.key, variables=workload.start(i)))
        for _ in range(workload.tasks):
            with self.step("find the task"), self.store.transaction() as tx:
                task = tx.rows(Task, "proc_inst_id = %s", (instance.id,))[0]
            with self.step("complete it"):
                self.engine.execute(CompleteTask(task.id, workload.form(i)))

    def check(self, i: int) -> None:
        """One process, then nothing of it left running (the workload is what it says)."""
        from loom_workflow.engine.runtime.entities import Execution

        self.one(i)
        with self.store.transaction() as tx:
            left = tx.rows(Execution, "proc_def_id LIKE %s", (f"{self.key}:%",))
        assert not left, f"{self.name} {self.workload.name}: {len(left)} executions left"

    def close(self) -> None:
        self.store.close()


# ---------------------------------------------------------------------------------------- peer
class SpiffSide(Side):
    """SpiffWorkflow with its state as JSONB and a to-do table, in one transaction per step."""

    name = "SpiffWorkflow"

    def __init__(self, url: str, pool: int = POOL, *, workload: Workload = WORKLOADS["two-task"]) -> None:
        from SpiffWorkflow.bpmn.parser import BpmnParser
        from SpiffWorkflow.bpmn.serializer import BpmnWorkflowSerializer

        from loom_workflow.pgstore.store import conninfo

        self.workload = workload
        self.pool = ConnectionPool(conninfo(url), min_size=pool, max_size=pool, open=True)
        parser = BpmnParser()
        parser.add_bpmn_str(workload.spiff_xml().encode())
        self.spec = parser.get_spec(workload.key)
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
        names = self.workload.assignee
        rows = []
        for t in workflow.get_tasks(state=TaskState.READY, manual=True):
            variable = names.get(t.task_spec.bpmn_id, "")
            assignee = t.data.get(variable, workflow.data.get(variable))
            rows.append((str(t.id), instance_id, t.task_spec.bpmn_name, assignee))
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
        """Start, then complete one of the instance's open tasks until none is left."""
        from SpiffWorkflow.bpmn import BpmnWorkflow
        from SpiffWorkflow.util.task import TaskState

        workload = self.workload
        workflow = BpmnWorkflow(self.spec)
        for task in workflow.get_tasks(state=TaskState.READY):  # the start event's data: the start form
            task.data.update(workload.start(i))
        workflow.do_engine_steps()
        instance_id = uuid.uuid4().hex
        with self.step("start"), self.pool.connection() as conn:
            conn.execute(
                "INSERT INTO spiff_instance (id, state, completed) VALUES (%s, %s, %s)",
                (instance_id, Jsonb(self._save(workflow)), workflow.is_completed()),
            )
            self._todo(conn, instance_id, workflow)
        for _ in range(workload.tasks):
            with self.step("find the task"), self.pool.connection() as conn:
                (task_id,) = conn.execute(
                    "SELECT task_id FROM spiff_todo WHERE instance_id = %s LIMIT 1", (instance_id,)
                ).fetchone()  # type: ignore[misc]
            with self.step("complete it"), self.pool.connection() as conn:
                (state,) = conn.execute(
                    "SELECT state FROM spiff_instance WHERE id = %s FOR UPDATE", (instance_id,)
                ).fetchone()  # type: ignore[misc]
                workflow = self._load(state)
                workflow.get_task_from_id(uuid.UUID(task_id)).data.update(workload.form(i))
                workflow.run_task_from_id(uuid.UUID(task_id))
                workflow.do_engine_steps()
                conn.execute(
                    "UPDATE spiff_instance SET state = %s, completed = %s WHERE id = %s",
                    (Jsonb(self._save(workflow)), workflow.is_completed(), instance_id),
                )
                self._todo(conn, instance_id, workflow)
        assert workflow.is_completed()

    def check(self, i: int) -> None:
        self.one(i)

    def close(self) -> None:
        self.pool.close()


# ---------------------------------------------------------------------------------------- measuring
def postgres_cpu(data_dir: Path) -> float:
    """User + system CPU seconds of the server: the postmaster and every child (backends, autovacuum)."""
    from pgstat import server_processes

    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(f[11]) + int(f[12]) for _, f, _ in server_processes(data_dir)) / ticks


def run_round(side: Any, data_dir: Path, offset: int, threads: int = THREADS) -> dict[str, float]:
    """A workload's round (its ``processes``) on ``threads`` threads; wall throughput, client CPU and server
    CPU per process. Loom's round ends when its history is applied (the history workers' CPU is the
    client's)."""
    processes = getattr(side, "workload", WORKLOADS["two-task"]).processes
    pg_before, cpu_before, started = postgres_cpu(data_dir), time.process_time(), time.perf_counter()
    getattr(side, "begin", lambda: None)()
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(side.one, range(offset, offset + processes)))
    getattr(side, "finish", lambda: None)()
    wall = time.perf_counter() - started
    return {
        "per_second": processes / wall,
        "client_cpu_ms": (time.process_time() - cpu_before) / processes * 1000,
        "pg_cpu_ms": (postgres_cpu(data_dir) - pg_before) / processes * 1000,
    }


def analyze(url: str) -> None:
    """Planner statistics, as the service has them in production (autovacuum, ANALYZE after loads)."""
    from loom_workflow.pgstore.store import conninfo

    with psycopg.connect(conninfo(url), autocommit=True) as conn:
        conn.execute("ANALYZE")


@contextmanager
def server(name: str) -> Iterator[tuple[str, Path]]:
    """(URL of a fresh database ``name``, the server's data directory): the embedded PostgreSQL, or with
    ``LOOM_PEER_SERVER=debian`` a private server of Debian's (``pgstat.py``)."""
    if SERVER == "debian":
        from pgstat import private_server

        port = int(os.environ.get("LOOM_PEER_PORT", f"{os.environ.get('LOOM_E2E_PORT_BASE', '28')}432"))
        with private_server(port) as (url, data_dir):
            yield recreate_database(url, name), data_dir
        return
    data_dir = Path(tempfile.gettempdir()) / "loom-bench-peer" / "pg"
    try:
        yield recreate_database(postgres_url(data_dir), name), data_dir
    finally:
        stop_postgres(data_dir)


# (workload, threads) -> side name -> rounds' figures; (workload, threads) -> Loom's history lags
Results = dict[tuple[str, int], dict[str, list[dict[str, float]]]]


def sides_of(url: str, workload: Workload, pool: int) -> list[Any]:
    none = [LoomSide(url, pool, level="none", workload=workload)] if WITH_NONE else []
    return [LoomSide(url, pool, workload=workload), SpiffSide(url, pool, workload=workload), *none]


def main() -> None:
    with server("loom_workflow_peer") as (url, data_dir):
        upgrade(ROOT / "services" / "workflow", url)
        from loom_workflow.pgstore.store import conninfo

        with psycopg.connect(conninfo(url), autocommit=True) as conn:
            conn.execute(PEER_TABLES)
        from loom_workflow.collector import quiet_gc

        quiet_gc()  # the collector as the service's processes set it (both sides share this process)
        results: Results = {}
        lags: dict[tuple[str, int], list[float]] = {}
        offset = 1000
        for threads in THREAD_COUNTS:
            for name in WORKLOAD_NAMES:
                workload = WORKLOADS[name]
                sides = sides_of(url, workload, pool_for(threads))
                try:
                    for side in sides:  # warm-up: code paths, pools, statistics
                        side.check(0)
                        for i in range(1, 50):
                            side.one(i)
                        if isinstance(side, LoomSide):
                            side.store.apply_history()  # the warm-up's history, applied before the rounds
                    analyze(url)
                    found = results[(name, threads)] = {s.name: [] for s in sides}
                    for r in range(ROUNDS):
                        for side in sides:
                            figures = run_round(side, data_dir, offset, threads)
                            offset += workload.processes
                            found[side.name].append(figures)
                            print(
                                f"{name}, {threads} thread(s), round {r + 1} {side.name}: {figures}",
                                flush=True,
                            )
                        analyze(url)
                    lags[(name, threads)] = [lag for s in sides for lag in getattr(s, "lags", [])]
                finally:
                    for side in sides:
                        side.close()
        if ROUNDS:
            write(results, lags)
        if SPLIT:
            split(url)


def split(url: str) -> None:
    """PostgreSQL CPU per process by step, each side alone on one thread and one connection; Loom's
    history applied meanwhile by a history-worker thread on a connection of its own, whose backend's
    CPU is the history's share (``/proc/<pid>/schedstat`` of both backends)."""
    from loom_workflow.pgstore import history
    from loom_workflow.pgstore.store import conninfo
    from loom_workflow.settings import WorkflowSettings

    poll = WorkflowSettings.model_fields["history_poll_seconds"].default
    for name in WORKLOAD_NAMES:
        workload = WORKLOADS[name]
        for side in (
            LoomSide(url, pool=1, workload=workload, spare=0),
            LoomSide(url, pool=1, level="none", workload=workload, spare=0),
            SpiffSide(url, pool=1, workload=workload),
        ):
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
                parts = ", ".join(f"{step} {value / SPLIT / 1e6:.2f}" for step, value in ns.items())
                worker = (
                    f"; history worker {applied['ns'] / SPLIT / 1e6:.2f} ms per process "
                    f"({applied['records']} records in {applied['batches']} batches)"
                    if thread is not None
                    else ""
                )
                print(
                    f"split {name} {side.name}: {sum(ns.values()) / SPLIT / 1e6:.2f} ms per process ({parts}){worker}"
                )
            finally:
                side.close()


def median(rows: list[dict[str, float]], key: str) -> float:
    return statistics.median(r[key] for r in rows)


SECTION = "## Side by side with SpiffWorkflow, per workload (`bench/workflow/peer.py`, issue 38)"
HEADER = (
    "| workload | threads | engine | processes per wall-second (rounds) | engine-side CPU per process / "
    "per command (ms) | PostgreSQL CPU per process / per command (ms) | Loom / peer: throughput; PostgreSQL "
    "CPU | history lag p50 / p99 (ms) | recorded (load average) |\n"
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
)


def rows_of(results: Results, lags: dict[tuple[str, int], list[float]]) -> dict[tuple[str, str, str], str]:
    """Table rows keyed by (workload, threads, engine)."""
    out: dict[tuple[str, str, str], str] = {}
    when = f"{time.strftime('%Y-%m-%d %H:%M')} ({LOAD_AT_START:.1f} -> {os.getloadavg()[0]:.1f})"
    for (name, threads), by_side in results.items():
        commands = WORKLOADS[name].commands
        peer = by_side.get(SpiffSide.name)
        ordered = sorted(lags.get((name, threads), []))

        def pct(p: float, ordered: list[float] = ordered) -> str:
            return f"{ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000:.0f}" if ordered else "-"

        for side, rows in by_side.items():
            rate, cpu, pg = (median(rows, k) for k in ("per_second", "client_cpu_ms", "pg_cpu_ms"))
            each = ", ".join(f"{r['per_second']:.0f}" for r in rows)
            ratio, lag = "", "-"
            if side != SpiffSide.name and peer:
                ratio = f"**{rate / median(peer, 'per_second'):.2f}x**; {pg / median(peer, 'pg_cpu_ms'):.2f}x"
                lag = f"{pct(0.5)} / {pct(0.99)}"
            out[(name, str(threads), side)] = (
                f"| {name} | {threads} | {side} | {rate:.0f} ({each}) | {cpu:.2f} / {cpu / commands:.2f} "
                f"| {pg:.2f} / {pg / commands:.3f} | {ratio} | {lag} | {when} |"
            )
    return out


def write(results: Results, lags: dict[tuple[str, int], list[float]]) -> None:
    """Replaces this run's rows of the section in ``RESULTS.md`` (others keep their last figures)."""
    path = Path(__file__).parent / "RESULTS.md"
    text = path.read_text(encoding="utf-8")
    rows: dict[tuple[str, str, str], str] = {}
    head, tail = text, ""
    if SECTION in text:
        head, _, rest = text.partition(SECTION)
        body, sep, after = rest.partition("\n## ")
        tail = sep + after
        for line in body.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if line.startswith("| ") and len(cells) > 3 and cells[0] in WORKLOADS:
                rows[(cells[0], cells[1], cells[2])] = line
    rows.update(rows_of(results, lags))
    order = {name: i for i, name in enumerate(WORKLOADS)}
    table = "\n".join(rows[k] for k in sorted(rows, key=lambda k: (order.get(k[0], 9), int(k[1]), k[2])))
    cpus = os.cpu_count() or 1
    section = f"""{SECTION}

Each row: the medians of {ROUNDS} interleaved rounds (every round in brackets), the engines alternating
round by round on one PostgreSQL ({SERVER}), Python {sys.version.split()[0]}, SpiffWorkflow 3.2, {cpus} CPUs.
Workloads: `two-task` (start -> two user tasks -> end: 3 commands) and `approval` (manager, HR and
finance in parallel, three countersigners, the director when the amount is over 1,000; ten form
variables; 7 tasks, 8 commands). One thread runs on a one-connection pool, more on eight. Loom's history
is applied during the round by a history-worker thread of the same process (its CPU is in Loom's
engine-side CPU) and a round ends when the lag is zero. PostgreSQL CPU counts every server process in
clock ticks. The load average at the start and the end of each run is in the last column: other work
on the machine inflates every figure and decides wall-clock ratios; only a quiet run measures the
targets (approval >= 1.5x and two-task >= 1.0x the peer at 1 and 4 threads, PostgreSQL CPU per process
at most the peer's, history lag p99 < 1 s).

{HEADER}
{table}
"""
    path.write_text(head.rstrip("\n") + "\n\n" + section + tail, encoding="utf-8")
    print(section)


if __name__ == "__main__":
    main()
