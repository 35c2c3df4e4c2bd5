"""Fault test: two worker processes, 500 timers due, one worker killed mid-run: every timer fires
exactly once (one history row per timer, one ``job.executed`` outbox record per job)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time

import pytest
from sqlalchemy import text

from loom_platform.outbox import carried

from ..conftest import Env
from .helpers import deploy, flow, process

TIMERS = 500
TICK = process(
    "tick",
    "定时",
    '<startEvent id="start"/>'
    '<intermediateCatchEvent id="wait" name="等待"><timerEventDefinition>'
    "<timeDuration>PT4S</timeDuration></timerEventDefinition></intermediateCatchEvent>"
    '<endEvent id="end"/>' + flow("f1", "start", "wait") + flow("f2", "wait", "end"),
)


def _worker(env: Env) -> subprocess.Popen[bytes]:
    s = env.settings
    environ = {
        **os.environ,
        "LOOM_WORKFLOW_DATABASE_URL": s.database_url,
        "LOOM_NATS_URL": env.nats_url,
        "LOOM_SYS_GRPC_ADDRESS": s.sys_grpc_address,
        "LOOM_STATE_DIR": str(s.state_dir),
        "LOOM_LOG_JSON": "false",
        "LOOM_LOG_LEVEL": "WARNING",
        "LOOM_WORKFLOW_JOB_LEASE_SECONDS": "3",
        "LOOM_WORKFLOW_JOB_ACK_WAIT_SECONDS": "2",
        "LOOM_WORKFLOW_SCHEDULER_POLL_SECONDS": "0.2",
        "LOOM_WORKFLOW_WORKER_CONCURRENCY": "4",
        "LOOM_WORKFLOW_ENGINE_POOL_SIZE": "4",
        # a worker also makes the notices; this one, killed mid-batch, must not take (and leave
        # unacknowledged for the next test's consumer) the notice events of the tests around it
        "LOOM_WORKFLOW_NOTICE_CONSUMER": "false",
    }
    return subprocess.Popen([sys.executable, "-m", "loom_workflow.cli", "worker"], env=environ)


async def _outbox(env: Env, subject: str) -> list[bytes]:
    """The messages on ``subject`` in the outbox (rows hold one message, or a command's batch)."""
    async with env.app.state.session_factory() as session:
        rows = (await session.execute(text("SELECT subject, payload FROM loom_outbox"))).all()
    return [p for row in rows for s, p in carried(row[0], bytes(row[1])) if s == subject]


async def _scalar(env: Env, sql: str) -> int:
    async with env.app.state.session_factory() as session:
        return int((await session.execute(text(sql))).scalar_one())


@pytest.mark.slow
async def test_every_timer_fires_once_when_a_worker_dies_mid_run(env: Env) -> None:
    # given: 500 instances waiting on a timer due in a few seconds
    from loom_workflow.engine.commands import StartProcess

    await deploy(env, "tick", "定时", TICK)
    runtime = env.app.state.runtime
    await asyncio.gather(*(runtime.run(StartProcess(key="tick")) for _ in range(TIMERS)))
    assert await _scalar(env, "SELECT count(*) FROM act_ru_job WHERE job_type = 'timer'") == TIMERS
    workers = [_worker(env), _worker(env)]
    try:
        # when: one worker is killed once some timers have fired
        deadline = time.monotonic() + 60
        while (
            await _scalar(env, "SELECT count(*) FROM act_hi_procinst WHERE end_time IS NOT NULL")
            < TIMERS // 10
        ):
            assert time.monotonic() < deadline, "timers did not start firing"
            await asyncio.sleep(0.05)
        workers[0].send_signal(signal.SIGKILL)
        while await _scalar(env, "SELECT count(*) FROM act_hi_procinst WHERE end_time IS NOT NULL") < TIMERS:
            assert time.monotonic() < deadline + 60, "not every timer fired"
            await asyncio.sleep(0.2)
        await asyncio.sleep(3)  # redeliveries and re-leases after the kill must change nothing
    finally:
        for w in workers:
            if w.poll() is None:
                w.terminate()
            w.wait(timeout=20)
    # then
    assert workers[0].returncode == -signal.SIGKILL
    fired = await _scalar(
        env, "SELECT count(*) FROM act_hi_actinst WHERE activity_id = 'wait' AND end_time IS NOT NULL"
    )
    per_instance = await _scalar(
        env,
        "SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM act_hi_actinst "
        "WHERE activity_id = 'wait' GROUP BY proc_inst_id) x",
    )
    executed = len(await _outbox(env, "loom.workflow.job.executed"))
    assert fired == TIMERS and per_instance == 1 and executed == TIMERS
    assert await _scalar(env, "SELECT count(*) FROM act_ru_job") == 0
