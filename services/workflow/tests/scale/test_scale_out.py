"""Scale-out, end to end: two API replicas behind Traefik (one of them two processes on one port)
and two job workers, on one PostgreSQL database and one NATS server, all real processes.

- 16 clients complete 200 tasks through the gateway: every task is completed exactly once.
- 500 timers fire exactly once while one API replica and one worker are killed (SIGKILL) mid-way:
  the jobs they held are handed out again after their lease and redelivery wait.

Run with ``make test-workflow-scale`` (about a minute; not part of ``make test``).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import psycopg
import pytest

from loom_contracts.loom.workflow.v1 import events_pb2
from loom_platform.embedded import free_port, start_nats
from loom_platform.migrations import upgrade
from loom_platform.outbox import carried
from loom_platform.testing.auth import TestTokens
from loom_platform.testing.fixtures import drop_database, recreate_database, worker_suffix
from loom_workflow.engine import Engine
from loom_workflow.engine.commands import Deploy, StartProcess
from loom_workflow.pgstore.store import PgStore, conninfo

from ..conftest import SERVICE_DIR
from .app import CLIENTS

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.environ.get("LOOM_SCALE_TEST"), reason="run by make test-workflow-scale"),
]

TASKS = 200
TIMERS = 500
BIN = Path(sys.executable).parent
NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"'
ONE_TASK = (
    f'<definitions {NS} targetNamespace="scale"><process id="approve" name="Approve">'
    '<startEvent id="start"/><userTask id="task" name="Approve" flowable:assignee="${client}"/>'
    '<endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="task"/>'
    '<sequenceFlow id="f2" sourceRef="task" targetRef="end"/></process></definitions>'
)
ONE_TIMER = (
    f'<definitions {NS} targetNamespace="scale"><process id="wait" name="Wait">'
    '<startEvent id="start"/><intermediateCatchEvent id="timer" name="Two seconds">'
    "<timerEventDefinition><timeDuration>PT2S</timeDuration></timerEventDefinition></intermediateCatchEvent>"
    '<endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="timer"/>'
    '<sequenceFlow id="f2" sourceRef="timer" targetRef="end"/></process></definitions>'
)


@dataclass
class Cluster:
    url: str
    gateway: str
    tokens: TestTokens
    replicas: list[subprocess.Popen[bytes]]
    workers: list[subprocess.Popen[bytes]]

    def sql(self, query: str, *params: object) -> list[tuple[object, ...]]:
        with psycopg.connect(conninfo(self.url), autocommit=True) as conn:
            return list(conn.execute(query, params).fetchall())

    def outbox(self, subject: str) -> list[bytes]:
        """The messages on ``subject`` in the outbox (rows hold one message, or a command's batch)."""
        rows = self.sql("SELECT subject, payload FROM loom_outbox")
        return [p for s, b in rows for sub, p in carried(str(s), bytes(b)) if sub == subject]  # type: ignore[arg-type]


def _spawn(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        return subprocess.Popen(
            args, env=env, cwd=SERVICE_DIR, start_new_session=True, stdout=out, stderr=subprocess.STDOUT
        )


def _kill(process: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
    if process.poll() is None:
        os.killpg(process.pid, sig)
    process.wait(timeout=20)


def _traefik(tmp: Path, port: int, backends: list[int]) -> Path:
    servers = "\n".join(f'          - url: "http://127.0.0.1:{p}"' for p in backends)
    (tmp / "dynamic.yml").write_text(
        "http:\n  routers:\n    workflow:\n      rule: PathPrefix(`/`)\n      service: workflow\n"
        "  services:\n    workflow:\n      loadBalancer:\n        healthCheck:\n          path: /healthz\n"
        f"          interval: 1s\n          timeout: 1s\n        servers:\n{servers}\n"
    )
    static = tmp / "traefik.yml"
    static.write_text(
        f'entryPoints:\n  web:\n    address: "127.0.0.1:{port}"\n'
        f'providers:\n  file:\n    filename: "{tmp / "dynamic.yml"}"\nlog:\n  level: ERROR\n'
    )
    return static


def _wait_http(url: str, log: Path, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise TimeoutError(f"{url}: {log.read_text(errors='replace')[-3000:]}")


@pytest.fixture(scope="module")
def cluster(postgres_server_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    tmp = tmp_path_factory.mktemp("scale")
    name = f"loom_workflow_scale_{worker_suffix()}"
    url = recreate_database(postgres_server_url, name)
    upgrade(SERVICE_DIR, url)
    tokens = TestTokens(tmp / "keys")
    nats_port, ports, gateway_port = free_port(), [free_port(), free_port()], free_port()
    nats = start_nats(nats_port, tmp / "nats")
    env = {
        **os.environ,
        "PYTHONPATH": str(SERVICE_DIR),
        "PYTHONUNBUFFERED": "1",
        "LOOM_MODE": "test",
        "LOOM_STATE_DIR": str(tmp / "state"),
        "LOOM_NATS_URL": f"nats://127.0.0.1:{nats_port}",
        "LOOM_JWT_PUBLIC_KEY_FILE": str(tokens.public_key_path),
        "LOOM_LOG_LEVEL": "WARNING",
        "LOOM_LOG_JSON": "false",
        "LOOM_SYS_GRPC_ADDRESS": "127.0.0.1:9",
        "LOOM_WORKFLOW_DATABASE_URL": url.replace("postgresql://", "postgresql+asyncpg://", 1),
        "LOOM_WORKFLOW_ENGINE_POOL_SIZE": "6",
        "LOOM_WORKFLOW_DATABASE_POOL_SIZE": "4",
        # short leases and redelivery, so the jobs of a killed process come back within seconds
        "LOOM_WORKFLOW_JOB_LEASE_SECONDS": "3",
        "LOOM_WORKFLOW_JOB_ACK_WAIT_SECONDS": "3",
        "LOOM_WORKFLOW_JOB_RETRY_WAIT_SECONDS": "1",
        "LOOM_WORKFLOW_SCHEDULER_POLL_SECONDS": "0.2",
    }
    replicas = [
        _spawn(
            [sys.executable, "-m", "tests.scale.app"],
            {**env, "LOOM_WORKFLOW_HTTP_PORT": str(port), "LOOM_WORKFLOW_API_PROCESSES": str(processes)},
            tmp / f"api{index}.log",
        )
        for index, (port, processes) in enumerate(zip(ports, (2, 1), strict=True))
    ]
    workers = [_spawn([str(BIN / "loom-workflow"), "worker"], env, tmp / f"worker{i}.log") for i in range(2)]
    traefik = _traefik(tmp, gateway_port, ports)
    gateway = _spawn([str(BIN / "traefik"), f"--configFile={traefik}"], env, tmp / "traefik.log")
    try:
        for index, port in enumerate(ports):
            _wait_http(f"http://127.0.0.1:{port}/healthz", tmp / f"api{index}.log")
        base = f"http://127.0.0.1:{gateway_port}"
        _wait_http(f"{base}/healthz", tmp / "traefik.log")
        yield Cluster(url, base, tokens, replicas, workers)
    finally:
        for process in [gateway, *workers, *replicas]:
            _kill(process, signal.SIGTERM)
        nats.terminate()
        nats.wait(timeout=10)
        drop_database(postgres_server_url, name)


def _engine(url: str) -> tuple[PgStore, Engine]:
    store = PgStore(url, min_size=1, max_size=4)
    return store, Engine(store)


async def _complete_all(cluster: Cluster) -> list[int]:
    """Each client reads its to-do list through the gateway and completes every task on it."""
    statuses: list[int] = []

    async def client(c: int, http: httpx.AsyncClient) -> None:
        headers = cluster.tokens.headers(f"client{c}")
        while True:
            page = (await http.get("/flowable/task/todo", params={"size": 50}, headers=headers)).json()
            if not page["records"]:
                return
            for row in page["records"]:
                answer = await http.post(
                    "/flowable/task/audit",
                    params={"taskId": row["task"]["id"], "vars": "{}", "comment": '{"message":"ok"}'},
                    headers=headers,
                )
                statuses.append(answer.status_code)

    async with httpx.AsyncClient(base_url=cluster.gateway, timeout=30) as http:
        await asyncio.gather(*(client(c, http) for c in range(CLIENTS)))
    return statuses


def _history_applied(cluster: Cluster, seconds: float = 60) -> None:
    """Waits until the history workers have applied every history record (the lag is zero)."""
    deadline = time.monotonic() + seconds
    while cluster.sql("SELECT count(*) FROM loom_history_queue") != [(0,)]:
        assert time.monotonic() < deadline, "the history workers did not catch up"
        time.sleep(0.2)


def test_sixteen_clients_complete_two_hundred_tasks_through_two_replicas_exactly_once(
    cluster: Cluster,
) -> None:
    # given: 200 instances, each with one task for one of 16 clients
    store, engine = _engine(cluster.url)
    try:
        engine.execute(Deploy({"approve.bpmn20.xml": ONE_TASK}, name="approve"))
        for i in range(TASKS):
            engine.execute(StartProcess(key="approve", variables={"client": f"client{i % CLIENTS}"}))
    finally:
        store.close()
    # when
    statuses = asyncio.run(_complete_all(cluster))
    # then: 200 answers, all OK; every task ended once; one completion event per task
    assert len(statuses) == TASKS and set(statuses) == {200}
    assert cluster.sql("SELECT count(*) FROM act_ru_task") == [(0,)]
    _history_applied(cluster)
    ended = cluster.sql("SELECT count(*), count(DISTINCT id) FROM act_hi_taskinst WHERE end_time IS NOT NULL")
    assert ended == [(TASKS, TASKS)]
    events = cluster.outbox("loom.workflow.task.completed")
    task_ids = [events_pb2.TaskEvent.FromString(p).task_id for p in events]
    assert len(task_ids) == TASKS == len(set(task_ids))


def test_five_hundred_timers_fire_exactly_once_while_a_replica_and_a_worker_are_killed(
    cluster: Cluster,
) -> None:
    # given: 500 instances waiting on a two-second timer
    store, engine = _engine(cluster.url)
    try:
        engine.execute(Deploy({"wait.bpmn20.xml": ONE_TIMER}, name="wait"))
        ids = {engine.execute(StartProcess(key="wait")).id for _ in range(TIMERS)}
    finally:
        store.close()

    def ended() -> int:
        found = cluster.sql(
            "SELECT count(*) FROM act_hi_procinst WHERE proc_def_key = 'wait' AND end_time IS NOT NULL"
        )
        return int(found[0][0])  # type: ignore[call-overload]

    # when: once timers have begun to fire, one API replica and one worker die
    deadline = time.monotonic() + 60
    while ended() < 50 and time.monotonic() < deadline:
        time.sleep(0.1)
    _kill(cluster.replicas[1])
    _kill(cluster.workers[0])
    deadline = time.monotonic() + 120
    while ended() < TIMERS and time.monotonic() < deadline:
        time.sleep(0.5)
    # then: every instance went past its timer exactly once; no job is left or dead
    _history_applied(cluster)
    assert ended() == TIMERS
    fired = cluster.sql(
        "SELECT proc_inst_id, count(*) FROM act_hi_actinst WHERE activity_id = 'timer' GROUP BY proc_inst_id"
    )
    assert {pid for pid, _ in fired} == ids and {n for _, n in fired} == {1}
    events = cluster.outbox("loom.workflow.job.executed")
    job_ids = [events_pb2.JobEvent.FromString(p).job_id for p in events]
    assert len(job_ids) == TIMERS == len(set(job_ids))
    assert cluster.sql("SELECT count(*) FROM act_ru_job") == [(0,)]
