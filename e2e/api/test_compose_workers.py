"""The deployment's workflow workers (``make test-compose`` only): two ``loom-workflow worker``
containers share the timer jobs, and when one is killed (SIGKILL, as a crash or an OOM kill would)
the other takes over its jobs: every timer fires exactly once.

scripts/test-compose.sh runs docker-compose.yml with deploy/compose/test.yml: each worker serves
its own /metrics (29301, 29302) with ``loom_workflow_jobs_executed_total``, jobs are leased for 3 s,
PostgreSQL answers on 127.0.0.1:29432.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
import uuid

import httpx
import psycopg
import pytest

from .processes import admin_id, deploy, flow, ok

PROJECT = os.environ.get("LOOM_TEST_COMPOSE_PROJECT", "")
pytestmark = pytest.mark.skipif(not PROJECT, reason="run by make test-compose")

WORKERS = {"workflow-worker": 29301, "workflow-worker-2": 29302}
INSTANCES = 40
RUN = uuid.uuid4().hex[:6]
KEY = f"wait_{RUN}"
NS = (
    'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="http://loom/compose"'
)
WAIT_XML = (
    f'<?xml version="1.0" encoding="UTF-8"?><definitions {NS}><process id="{KEY}" name="等待{RUN}" '
    'isExecutable="true"><startEvent id="start" flowable:initiator="applyUserId"/>'
    '<intermediateCatchEvent id="timer" name="等待"><timerEventDefinition>'
    "<timeDuration>${wait}</timeDuration></timerEventDefinition></intermediateCatchEvent>"
    '<endEvent id="end"/>'
    + flow("f1", "start", "timer")
    + flow("f2", "timer", "end")
    + "</process></definitions>"
)


def _database() -> str:
    env = dict(
        line.split("=", 1)
        for line in open(os.environ["LOOM_TEST_COMPOSE_ENV"], encoding="utf-8").read().splitlines()
        if "=" in line and not line.startswith("#")
    )
    return f"postgresql://postgres:{env['LOOM_POSTGRES_PASSWORD']}@127.0.0.1:29432/loom_workflow"


def _sql(query: str, *params: object) -> list[tuple[object, ...]]:
    with psycopg.connect(_database(), autocommit=True) as conn:
        return list(conn.execute(query, params).fetchall())


def _executed(worker: str) -> int:
    """Jobs the worker has run, from its /metrics."""
    text = httpx.get(f"http://127.0.0.1:{WORKERS[worker]}/metrics", timeout=5).text
    found = re.search(r"^loom_workflow_jobs_executed_total ([0-9.e+]+)$", text, re.M)
    assert found, text[-500:]
    return int(float(found.group(1)))


def _container(service: str) -> str:
    return subprocess.run(
        [
            "docker",
            "ps",
            "-aq",
            "--filter",
            f"label=com.docker.compose.project={PROJECT}",
            "--filter",
            f"label=com.docker.compose.service={service}",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()[0]


def _start(admin: httpx.Client, count: int, wait: str) -> set[str]:
    return {
        str(
            ok(
                admin.post(
                    "/api/flowable/task/start",
                    params={
                        "procDefKey": KEY,
                        "title": f"等待{i}",
                        "businessId": f"{RUN}-{wait}-{i}",
                        "wait": wait,
                    },
                )
            )
        )
        for i in range(count)
    }


def _fired_once(ids: set[str], seconds: float = 120) -> None:
    """Every instance of ``ids`` went past its timer exactly once and ended (history applied)."""
    deadline = time.monotonic() + seconds
    while True:
        fired = dict(
            _sql(
                "SELECT proc_inst_id, count(*) FROM act_hi_actinst WHERE activity_id = 'timer' "
                "AND end_time IS NOT NULL AND proc_inst_id = ANY(%s) GROUP BY proc_inst_id",
                list(ids),
            )
        )
        ended = _sql(
            "SELECT count(*) FROM act_hi_procinst WHERE id = ANY(%s) AND end_time IS NOT NULL", list(ids)
        )[0][0]
        if len(fired) == len(ids) and ended == len(ids):
            break
        assert time.monotonic() < deadline, f"{len(fired)} of {len(ids)} timers fired, {ended} ended"
        time.sleep(0.5)
    assert set(fired.values()) == {1}, fired
    assert _sql("SELECT count(*) FROM act_ru_job WHERE proc_inst_id = ANY(%s)", list(ids)) == [(0,)]


@pytest.fixture(scope="module", autouse=True)
def process(admin: httpx.Client) -> str:
    """The waiting process, deployed once for the module's tests."""
    model = ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": KEY, "name": f"等待{RUN}"}))
    deploy(admin, model["id"], KEY, f"等待{RUN}", WAIT_XML, [], admin_id(admin))
    return KEY


def test_two_workers_share_the_timer_jobs(admin: httpx.Client) -> None:
    # given both workers running
    before = {worker: _executed(worker) for worker in WORKERS}
    # when 40 instances each wait on a two-second timer
    ids = _start(admin, INSTANCES, "PT2S")
    # then every timer fires exactly once, and both workers ran some of them
    _fired_once(ids)
    ran = {worker: _executed(worker) - before[worker] for worker in WORKERS}
    assert sum(ran.values()) == INSTANCES and min(ran.values()) > 0, ran


def test_a_killed_workers_jobs_are_taken_over(admin: httpx.Client) -> None:
    # given 40 instances whose timers fall due while both workers run
    survivor, victim = WORKERS
    before, baseline = _executed(survivor), _executed(victim)
    ids = _start(admin, INSTANCES, "PT3S")
    deadline = time.monotonic() + 60
    while _executed(victim) == baseline and time.monotonic() < deadline:
        time.sleep(0.02)
    # when one worker dies in the middle of the batch (no chance to give its jobs back)
    container = _container(victim)
    subprocess.run(["docker", "kill", "--signal", "KILL", container], check=True, capture_output=True)
    try:
        # then the other runs the rest: each timer still fires exactly once
        _fired_once(ids)
        assert _executed(survivor) > before
    finally:
        subprocess.run(["docker", "start", container], check=True, capture_output=True)
