"""Asynchronous history: a command leaves one history record; workers apply the records exactly once
(a worker killed mid-batch loses nothing and repeats nothing), in order per instance, idempotently;
the engine and the acting user read their own writes before the records are applied."""

from __future__ import annotations

import operator
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from loom_platform.migrations import upgrade
from loom_platform.testing.fixtures import drop_database, recreate_database, worker_suffix
from loom_workflow.engine import Engine
from loom_workflow.engine.commands import AddComment
from loom_workflow.engine.runtime.entities import (
    HistoricActivityInstance,
    HistoricProcessInstance,
    HistoricTaskInstance,
    Task,
)
from loom_workflow.jobs.history import HistoryWorker
from loom_workflow.pgstore import history
from loom_workflow.pgstore.codec import MAPPINGS
from loom_workflow.pgstore.store import PgStore, PgTx, conninfo

from ..conftest import SERVICE_DIR, Env
from .helpers import LEAVE, audit, deploy, node, start, task_of

TWO_STEPS = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">'
    '<process id="two" name="两步" isExecutable="true">'
    '<startEvent id="s"/><userTask id="a" name="甲" flowable:assignee="u1"/>'
    '<userTask id="b" name="乙" flowable:assignee="u2"/><endEvent id="e"/>'
    '<sequenceFlow id="f1" sourceRef="s" targetRef="a"/><sequenceFlow id="f2" sourceRef="a" targetRef="b"/>'
    '<sequenceFlow id="f3" sourceRef="b" targetRef="e"/></process></definitions>'
)
HISTORY = (HistoricProcessInstance, HistoricTaskInstance, HistoricActivityInstance)
TABLES = [m.table for m in MAPPINGS.values()] + ["loom_outbox", "loom_history_queue", "act_hi_varinst"]


@pytest.fixture(scope="module")
def db(postgres_server_url: str) -> Iterator[str]:
    name = f"loom_workflow_history_{worker_suffix()}"
    url = recreate_database(postgres_server_url, name)
    upgrade(SERVICE_DIR, url)
    yield url
    drop_database(postgres_server_url, name)


@pytest.fixture
def store(db: str) -> Iterator[PgStore]:
    with psycopg.connect(conninfo(db), autocommit=True) as conn:
        conn.execute(f"TRUNCATE {', '.join(TABLES)}")
    s = PgStore(db, min_size=1, max_size=6)
    yield s
    s.close()


def _sql(store: PgStore, sql: str, *params: Any) -> list[Any]:
    with store.pool.connection() as conn:
        return conn.execute(sql, params).fetchall()  # type: ignore[arg-type]


def _run(engine: Engine, instances: int) -> list[str]:
    """``instances`` runs of the two-step process, each left at its second step, half of them ended."""
    ids = []
    for i in range(instances):
        pid = engine.start_process("two", user_id="u0", variables={"n": i}).id
        for step in (0, 1) if i % 2 else (0,):
            with engine.store.transaction() as tx:
                task = tx.rows(Task, "proc_inst_id = %s", (pid,))[0]
            engine.complete_task(task.id, {"step": step}, user_id=f"u{step + 1}")
        ids.append(pid)
    return ids


def _truth(store: PgStore, ids: list[str]) -> dict[tuple[str, str], Any]:
    """Every history row of the instances as the engine sees them (tables + pending records), read in
    a transaction rolled back (an ended tree's load applies its records: that is undone)."""
    found: dict[tuple[str, str], Any] = {}
    with store.pool.connection() as conn:
        tx = PgTx(conn, store)
        for pid in ids:
            tree = tx.load_instance_tree(pid, full_history=True)
            assert tree is not None
            for row in (*tree.historic_process_instances, *tree.historic_tasks, *tree.historic_activities):
                found[(type(row).__name__, row.id)] = row
        conn.rollback()
    return found


def _tables(store: PgStore) -> dict[tuple[str, str], Any]:
    found: dict[tuple[str, str], Any] = {}
    with store.pool.connection() as conn:
        for kind in HISTORY:
            mapping = MAPPINGS[kind]
            for values in conn.execute(mapping.select).fetchall():
                row = mapping.to_row(values)
                key = (kind.__name__, row.id)
                assert key not in found
                found[key] = row
    return found


def _pending(store: PgStore) -> int:
    return int(_sql(store, "SELECT count(*) FROM loom_history_queue")[0][0])


def _drain(store: PgStore, workers: int = 2, batch: int = 7) -> list[HistoryWorker]:
    """Workers apply everything (small batches: many transactions, trees interleaved)."""
    applying = [HistoryWorker(store, batch=batch, poll_seconds=0.01) for _ in range(workers)]
    threads = [threading.Thread(target=w.run) for w in applying]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 60
    while _pending(store):
        assert time.monotonic() < deadline, "the history workers did not catch up"
        time.sleep(0.02)
    for w in applying:
        w.stop()
    for t in threads:
        t.join()
    return applying


def test_a_command_writes_one_history_record_and_no_history_row(store: PgStore) -> None:
    # given
    engine = Engine(store)
    engine.deploy({"two.bpmn20.xml": TWO_STEPS})
    # when
    pid = engine.start_process("two", user_id="u0").id
    # then: one record for the start; the history tables are untouched until a worker applies it
    assert _pending(store) == 1
    assert _sql(store, "SELECT root_id, actor FROM loom_history_queue") == [(pid, "u0")]
    for kind in HISTORY:
        assert _sql(store, f"SELECT count(*) FROM {MAPPINGS[kind].table}") == [(0,)]
    # and the engine reads its own history: completing the task ends the task and activity rows
    task_id = _sql(store, "SELECT id FROM act_ru_task WHERE proc_inst_id = %s", pid)[0][0]
    engine.complete_task(task_id, user_id="u1")
    truth = _truth(store, [pid])
    ended = {r.activity_id for k, r in truth.items() if k[0] == "HistoricActivityInstance" and r.end_time}
    assert {"s", "f1", "a", "f2"} <= ended
    assert _pending(store) == 2


def test_workers_apply_every_record_in_order_and_the_tables_match_what_the_engine_saw(store: PgStore) -> None:
    # given: 30 instances, each with several commands' records waiting
    engine = Engine(store)
    engine.deploy({"two.bpmn20.xml": TWO_STEPS})
    ids = _run(engine, 30)
    truth = _truth(store, ids)
    assert _pending(store) == 30 + 30 + 15
    # when: two workers apply them in batches of 7 (records of one instance across batches)
    workers = _drain(store)
    # then: every history row once, at its last revision, nothing left; historic variables too
    assert sum(w.applied for w in workers) == 75
    assert _tables(store) == truth
    assert _sql(store, "SELECT count(*) FROM act_hi_varinst WHERE name = 'n'") == [(30,)]
    assert _sql(store, "SELECT count(*) FROM act_hi_varinst WHERE name = 'step'") == [(30,)]


def test_a_variable_first_set_by_the_command_that_ends_the_instance_reaches_history(store: PgStore) -> None:
    # given: an instance whose last completion sets a new variable and ends it (the variable is
    # created and removed with the instance in one command: never a runtime row)
    engine = Engine(store)
    engine.deploy({"two.bpmn20.xml": TWO_STEPS})
    pid = engine.start_process("two", user_id="u0", variables={"before": 1}).id
    # when
    for user, values in (("u1", {}), ("u2", {"after": 2})):
        with engine.store.transaction() as tx:
            task = tx.rows(Task, "proc_inst_id = %s", (pid,))[0]
        engine.complete_task(task.id, values, user_id=user)
    _drain(store)
    # then: both variables are in the instance's history
    names = _sql(store, "SELECT name FROM act_hi_varinst WHERE proc_inst_id = %s ORDER BY name", pid)
    assert names == [("after",), ("before",)]


def test_a_record_applied_twice_changes_nothing(store: PgStore) -> None:
    # given: an instance's history applied, its records kept aside
    engine = Engine(store)
    engine.deploy({"two.bpmn20.xml": TWO_STEPS})
    ids = _run(engine, 2)
    kept = _sql(store, "SELECT root_id, actor, payload FROM loom_history_queue ORDER BY seq")
    _drain(store)
    before = _tables(store)
    # when: the same records come again (a redelivery), in order and in reverse
    with store.pool.connection() as conn:
        for root, actor, payload in [*kept, *reversed(kept)]:
            conn.execute(history.QUEUE_INSERT, (root, actor, payload))
    _drain(store)
    # then
    assert _tables(store) == before
    assert _truth(store, ids) == before


def test_a_comment_travels_in_the_history_record_and_its_readers_apply_it_first(store: PgStore) -> None:
    # given: an instance at its first step
    engine = Engine(store)
    engine.deploy({"two.bpmn20.xml": TWO_STEPS})
    pid = engine.start_process("two", user_id="u0").id
    with store.transaction() as tx:
        (task,) = tx.rows(Task, "proc_inst_id = %s", (pid,))
    # when: a comment is added
    engine.execute(AddComment("同意", task_id=task.id), user_id="u1")
    # then: the command wrote no comment row, its record carries it
    assert _sql(store, "SELECT count(*) FROM act_hi_comment WHERE proc_inst_id = %s", pid) == [(0,)]
    assert _sql(store, "SELECT count(*) FROM loom_history_queue WHERE root_id = %s", pid) == [(2,)]
    # and a reader of the task's comments (a command's) finds it: the tree's records are applied first
    with store.transaction() as tx:
        assert [(c.message, c.user_id) for c in tx.find_comments(task_id=task.id, proc_inst_id=pid)] == [
            ("同意", "u1")
        ]
    assert _sql(store, "SELECT count(*) FROM loom_history_queue WHERE root_id = %s", pid) == [(0,)]
    assert _sql(store, "SELECT message FROM act_hi_comment WHERE task_id = %s", task.id) == [("同意",)]


KILLED_WORKER = """
import sys, time
import psycopg
from loom_workflow.pgstore import history
from loom_workflow.pgstore.store import conninfo

apply = history.apply_records

def stall(conn, rows):
    applied = apply(conn, rows)  # every statement of the batch sent, nothing committed
    print(applied.records, flush=True)
    time.sleep(600)

history.apply_records = stall
with psycopg.connect(conninfo(sys.argv[1])) as conn:
    history.apply_batch(conn, int(sys.argv[2]))
"""


def test_a_history_worker_killed_mid_batch_loses_nothing_and_repeats_nothing(store: PgStore, db: str) -> None:
    # given: 40 instances' records waiting
    engine = Engine(store)
    engine.deploy({"two.bpmn20.xml": TWO_STEPS})
    ids = _run(engine, 40)
    truth = _truth(store, ids)
    waiting = _pending(store)
    # when: a worker process has applied a batch of 50 (rows inserted, records deleted, uncommitted)...
    worker = subprocess.Popen(
        [sys.executable, "-c", KILLED_WORKER, db, "50"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert worker.stdout is not None
        assert worker.stdout.readline().strip() == "50"
        # ... other workers meanwhile pass over the trees it holds, applying the rest
        held = _held_beyond(store, 50)
        assert store.apply_history_batch(500).records == waiting - 50 - held
        assert _pending(store) == 50 + held
        # ... and it is killed before its commit
        worker.kill()
        worker.wait(timeout=30)
    finally:
        if worker.poll() is None:
            worker.kill()
    # then: its batch is back in the queue, applied once by the next workers
    assert _pending(store) == 50 + held
    assert sum(w.applied for w in _drain(store)) == 50 + held
    assert _tables(store) == truth
    assert _pending(store) == 0


def _held_beyond(store: PgStore, first: int) -> int:
    """Records after the first ``first`` that belong to trees among those first ones (held by their lock)."""
    rows = _sql(store, "SELECT seq, root_id FROM loom_history_queue ORDER BY seq")
    held = {root for _, root in rows[:first]}
    return sum(1 for _, root in rows[first:] if root in held)


async def test_the_acting_user_reads_their_own_completion_at_once(env: Env) -> None:
    # given: alice's leave waiting at bob, no history worker running
    await deploy(
        env,
        "leave",
        "请假流程",
        LEAVE,
        [node("leave", "dept", [("user", "u-bob")], [("_flow_agree", "同意")])],
    )
    pid = await start(env, "u-alice", "leave", "看见自己", days=1)
    task = await task_of(env, "u-bob", pid)
    runtime = env.app.state.runtime
    # when bob completes it
    assert (await audit(env, "u-bob", task["task"]["id"])).status_code == 200
    waiting = await runtime.query(
        lambda tx: tx.conn.execute(
            "SELECT count(*) FROM loom_history_queue WHERE actor = 'u-bob'"
        ).fetchone()[0]
    )
    # then: his record waits, yet his done list has the task, and his todo no longer does
    assert waiting >= 1
    done = await env.client.get(
        "/flowable/task/historic", params={"current": 1, "size": 50}, headers=env.headers("u-bob")
    )
    assert done.status_code == 200, done.text
    assert [r["id"] for r in done.json()["records"] if r["processInstanceId"] == pid] == [task["task"]["id"]]
    todo = await env.client.get(
        "/flowable/task/todo", params={"current": 1, "size": 50}, headers=env.headers("u-bob")
    )
    assert pid not in {r["task"]["processInstanceId"] for r in todo.json()["records"]}
    # and alice's applied list shows her instance ended
    mine = await env.client.get(
        "/flowable/task/myApplyed", params={"current": 1, "size": 50}, headers=env.headers("u-alice")
    )
    assert [r["endTime"] is not None for r in mine.json()["records"] if r["id"] == pid] == [True]


def _two_steps_at(level: str, key: str, *, element: bool = False) -> str:
    xml = TWO_STEPS.replace('id="two"', f'id="{key}"')
    if element:
        return xml.replace(
            '<startEvent id="s"/>',
            f"<extensionElements><flowable:historyLevel>{level}</flowable:historyLevel></extensionElements>"
            '<startEvent id="s"/>',
        )
    return xml.replace(f'id="{key}"', f'id="{key}" flowable:historyLevel="{level}"', 1)


def _count(store: PgStore, table: str, pid: str, where: str = "true") -> int:
    return int(_sql(store, f"SELECT count(*) FROM {table} WHERE proc_inst_id = %s AND {where}", pid)[0][0])


@pytest.mark.parametrize("element", [False, True], ids=["attribute", "extension element"])
def test_history_levels_keep_what_their_level_keeps(store: PgStore, element: bool) -> None:
    # given: the two-step process at each level; per level an ended instance and one at its second step
    engine = Engine(store)
    ran: dict[str, tuple[str, str]] = {}
    for level in ("none", "activity", "audit"):
        key = f"two_{level}"
        engine.deploy({f"{key}.bpmn20.xml": _two_steps_at(level, key, element=element)})
        ended = engine.start_process(key, user_id="u0", variables={"n": 1}).id
        running = engine.start_process(key, user_id="u0", variables={"n": 2}).id
        for pid, steps in ((ended, 2), (running, 1)):
            for step in range(steps):
                with store.transaction() as tx:
                    task = tx.rows(Task, "proc_inst_id = %s", (pid,))[0]
                engine.complete_task(task.id, {"step": step}, user_id="u1")
        ran[level] = (ended, running)
    # when
    _drain(store)
    # then: none keeps nothing of the ended instance (which ran to its end without history rows) nor of
    # the running one, as Flowable: no record is even written
    ended, running = ran["none"]
    for pid in (ended, running):
        for table in ("act_hi_taskinst", "act_hi_actinst", "act_hi_varinst"):
            assert _count(store, table, pid) == 0
        assert _sql(store, "SELECT count(*) FROM act_hi_procinst WHERE id = %s", pid) == [(0,)]
    assert _sql(
        store, "SELECT count(*) FROM loom_history_queue WHERE root_id IN (%s, %s)", ended, running
    ) == [(0,)]
    # activity: process and activity instances, task rows only while open, no variables
    ended, running = ran["activity"]
    assert _sql(store, "SELECT count(*) FROM act_hi_procinst WHERE id = %s", ended) == [(1,)]
    assert _count(store, "act_hi_actinst", ended) == 7  # start, 3 flows, 2 tasks, end
    assert _count(store, "act_hi_taskinst", ended) == 0
    assert _count(store, "act_hi_varinst", ended) == 0
    # audit: everything
    ended, running = ran["audit"]
    assert _count(store, "act_hi_actinst", ended) == 7
    assert _count(store, "act_hi_taskinst", ended) == 2
    assert _count(store, "act_hi_varinst", ended) == 2  # n, step
    assert _count(store, "act_hi_taskinst", running) == 2


def test_the_history_level_is_read_from_the_process() -> None:
    assert history.level_of_xml(_two_steps_at("none", "a")) == "none"
    assert history.level_of_xml(_two_steps_at("ACTIVITY", "a", element=True), "a") == "activity"
    assert history.level_of_xml(TWO_STEPS, "two") == "audit"
    assert history.level_of_xml(_two_steps_at("everything", "a")) == "audit"  # unknown: the default


def test_a_history_process_applies_the_records_and_exports_its_lag(store: PgStore, db: str) -> None:
    # given: records waiting
    import os
    import socket
    import urllib.request

    engine = Engine(store)
    engine.deploy({"two.bpmn20.xml": TWO_STEPS})
    _run(engine, 5)
    assert _pending(store) > 0
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # when: `loom-workflow history` runs
    process = subprocess.Popen(
        [sys.executable, "-m", "loom_workflow.cli", "history"],
        env={
            **os.environ,
            "LOOM_WORKFLOW_DATABASE_URL": db,
            "LOOM_WORKFLOW_WORKER_METRICS_PORT": str(port),
            "LOOM_LOG_JSON": "false",
        },
    )
    try:
        deadline = time.monotonic() + 60
        while _pending(store):
            assert process.poll() is None, "the history process ended"
            assert time.monotonic() < deadline, "the history process applied nothing"
            time.sleep(0.1)
        # then: its /metrics has the lag of what it applied
        metrics = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    finally:
        process.terminate()
        process.wait(timeout=30)
    count = next(
        line for line in metrics.splitlines() if line.startswith("loom_workflow_history_lag_seconds_count")
    )
    assert float(count.split()[1]) >= 1
    assert process.returncode == 0


async def test_the_initiator_reads_what_another_user_did_to_her_request_at_once(env: Env) -> None:
    # given: alice's leave waiting at bob, her start already applied by the history workers
    await deploy(
        env,
        "leave",
        "请假流程",
        LEAVE,
        [node("leave", "dept", [("user", "u-bob")], [("_flow_agree", "同意")])],
    )
    pid = await start(env, "u-alice", "leave", "别人做的", days=1)
    task = await task_of(env, "u-bob", pid)
    runtime = env.app.state.runtime
    await runtime.settle_history(actor=None, everything=True)
    # when bob completes it (his record waits: no history worker runs here)
    assert (await audit(env, "u-bob", task["task"]["id"])).status_code == 200
    waiting = await runtime.query(
        lambda tx: tx.conn.execute(
            "SELECT count(*) FROM loom_history_queue WHERE actor = 'u-alice'"
        ).fetchone()[0]
    )
    assert waiting == 0
    # then alice, who has no record waiting, still reads her instance ended in her list
    mine = await env.client.get(
        "/flowable/task/myApplyed", params={"current": 1, "size": 50}, headers=env.headers("u-alice")
    )
    assert [r["endTime"] is not None for r in mine.json()["records"] if r["id"] == pid] == [True]


def test_a_record_queued_before_mi_scope_id_reads_it_as_null() -> None:
    # given: an activity row as a record queued before the column was added held it (one value short)
    row = HistoricActivityInstance(
        id="a1",
        proc_inst_id="p1",
        proc_def_id="d1",
        execution_id="e1",
        activity_id="t",
        activity_name="T",
        activity_type="userTask",
        mi_scope_id="s1",
    )
    values = list(operator.attrgetter(*MAPPINGS[HistoricActivityInstance].fields)(row))
    assert MAPPINGS[HistoricActivityInstance].fields[-1] == "mi_scope_id"
    payload = history.Record(upserts=[("a", values[:-1])]).encode()
    # when
    ((code, decoded),) = history.Record.decode(payload).upserts
    read = history.row_of(code, decoded)
    # then
    assert isinstance(read, HistoricActivityInstance)
    assert read.mi_scope_id is None and read.activity_id == "t"
