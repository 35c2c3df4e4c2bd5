"""Benchmarks of the workflow service; results go to ``bench/workflow/RESULTS.md``.

1. Engine throughput in-process on the PostgreSQL store: start -> two user tasks -> end, with
   persistence and history, one thread (= one core) running processes back to back.
2. Complete-task latency over HTTP (uvicorn on a TCP port, the real app and middleware) with 16
   concurrent clients: each client completes tasks of its own instances.
3. The todo query with 100,000 open tasks (half assigned, half offered to candidates).

Needs nothing running: it starts the embedded PostgreSQL (``.loom/bench/pg``) and a NATS server.
``uv run python bench/workflow/bench_workflow.py`` (env LOOM_BENCH_PROCESSES, LOOM_BENCH_REQUESTS).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn

sys.path.insert(0, str(Path(__file__).parent))
from local import local_app  # noqa: E402

from loom_platform.embedded import free_port  # noqa: E402
from loom_platform.testing.auth import TestTokens  # noqa: E402

PROCESSES = int(os.environ.get("LOOM_BENCH_PROCESSES", "1500"))
REQUESTS = int(os.environ.get("LOOM_BENCH_REQUESTS", "2000"))
OPEN_TASKS = 100_000
CLIENTS = 16

TWO_TASKS = (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench"><process id="bench" name="压测" isExecutable="true">'
    '<startEvent id="start"/><userTask id="t1" name="一审" flowable:assignee="${applicant}"/>'
    '<userTask id="t2" name="二审" flowable:assignee="${applicant}"/><endEvent id="end"/>'
    '<sequenceFlow id="f1" sourceRef="start" targetRef="t1"/><sequenceFlow id="f2" sourceRef="t1" targetRef="t2"/>'
    '<sequenceFlow id="f3" sourceRef="t2" targetRef="end"/></process></definitions>'
)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def engine_throughput(runtime: Any, threads: int = 4) -> dict[str, float]:
    """Processes per second: start, complete t1, complete t2 (3 transactions each), ``threads`` at once;
    per core = processes per CPU-second used by this process."""
    from concurrent.futures import ThreadPoolExecutor

    from loom_workflow.engine.commands import CompleteTask, Deploy, StartProcess
    from loom_workflow.engine.runtime.entities import Task

    runtime.execute(Deploy({"bench.bpmn20.xml": TWO_TASKS}, name="bench"))

    def one(i: int) -> None:
        instance = runtime.execute(StartProcess(key="bench", variables={"applicant": f"u{i % 50}"}))
        for _ in range(2):
            with runtime.store.transaction() as tx:
                task = tx.rows(Task, "proc_inst_id = %s", (instance.id,))[0]
            runtime.execute(CompleteTask(task.id))

    for i in range(100):
        one(i)
    started = time.perf_counter()
    cpu = time.process_time()
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(one, range(PROCESSES)))
    elapsed = time.perf_counter() - started
    cpu_used = time.process_time() - cpu
    return {
        "processes": PROCESSES,
        "threads": threads,
        "seconds": elapsed,
        "per_second": PROCESSES / elapsed,
        "per_cpu_second": PROCESSES / cpu_used,
    }


async def prepare_complete(runtime: Any) -> None:
    """Instances whose tasks the 16 clients will complete (two tasks each)."""
    from loom_workflow.engine.commands import StartProcess

    per_client = REQUESTS // CLIENTS
    for c in range(CLIENTS):
        await asyncio.gather(
            *(
                runtime.run(StartProcess(key="bench", variables={"applicant": f"client{c}"}))
                for _ in range(per_client // 2 + 1)
            )
        )


async def complete_latency(client: httpx.AsyncClient, tokens: TestTokens) -> dict[str, float]:
    """16 clients complete tasks concurrently over HTTP; latency of each audit call."""
    per_client = REQUESTS // CLIENTS
    timings: list[float] = []

    async def run_client(c: int) -> None:
        headers = tokens.headers(f"client{c}")
        done = 0
        while done < per_client:
            page = (await client.get("/flowable/task/todo", params={"size": 50}, headers=headers)).json()
            if not page["records"]:
                break
            for row in page["records"]:
                if done >= per_client:
                    break
                began = time.perf_counter()
                answer = await client.post(
                    "/flowable/task/audit",
                    params={
                        "taskId": row["task"]["id"],
                        "vars": "{}",
                        "comment": '{"message":"ok","type":"_flow_agree","status":"同意"}',
                    },
                    headers=headers,
                )
                timings.append((time.perf_counter() - began) * 1000)
                answer.raise_for_status()
                done += 1

    await asyncio.gather(*(run_client(c) for c in range(CLIENTS)))
    return {
        "requests": len(timings),
        "p50": pct(timings, 0.5),
        "p95": pct(timings, 0.95),
        "p99": pct(timings, 0.99),
        "mean": statistics.fmean(timings),
    }


def seed_open_tasks(url: str) -> None:
    """100,000 open tasks over 1,000 instances: half assigned, half offered to 3 candidates each."""
    import psycopg

    from loom_workflow.pgstore.store import conninfo

    with psycopg.connect(conninfo(url), autocommit=True) as conn:
        definition = conn.execute("SELECT id FROM act_re_procdef WHERE key = 'bench' LIMIT 1").fetchone()[0]
        conn.execute(  # the instances' runtime executions (the to-do list's title and initiator)
            "INSERT INTO act_ru_execution (id, proc_inst_id, proc_def_id, root_proc_inst_id, is_scope, name, "
            "start_user_id, start_time) SELECT 'bp' || i, 'bp' || i, %s, 'bp' || i, true, '压测' || i, "
            "'u' || (i %% 100), now() FROM generate_series(1, 1000) i",
            (definition,),
        )
        conn.execute(
            "INSERT INTO act_ru_task (id, name, task_def_key, proc_inst_id, proc_def_id, execution_id, assignee, "
            "create_time) SELECT 'bt' || i, '一审', 't1', 'bp' || (i %% 1000 + 1), %s, 'bp' || (i %% 1000 + 1), "
            "CASE WHEN i %% 2 = 0 THEN 'user' || (i %% 1000) END, now() - make_interval(secs => i) "
            "FROM generate_series(1, %s) i",
            (definition, OPEN_TASKS),
        )
        conn.execute(
            "INSERT INTO act_ru_identitylink (id, type, user_id, task_id, proc_inst_id) "
            "SELECT 'bl' || i || '_' || k, 'candidate', 'user' || ((i + k * 7) %% 1000), 'bt' || i, "
            "'bp' || (i %% 1000 + 1) FROM generate_series(1, %s) i, generate_series(0, 2) k WHERE i %% 2 = 1",
            (OPEN_TASKS,),
        )
        conn.execute("ANALYZE")


async def todo_latency(client: httpx.AsyncClient, tokens: TestTokens) -> dict[str, float]:
    """The todo page of random users (about 250 open tasks each), one request at a time."""
    import random

    rng = random.Random(7)
    headers = {u: tokens.headers(u) for u in (f"user{i}" for i in range(1000))}
    timings = []
    for n in range(REQUESTS + 100):
        user = f"user{rng.randrange(1000)}"
        began = time.perf_counter()
        answer = await client.get(
            "/flowable/task/todo", params={"current": 1, "size": 10}, headers=headers[user]
        )
        elapsed = (time.perf_counter() - began) * 1000
        answer.raise_for_status()
        if n >= 100:
            timings.append(elapsed)
    total = answer.json()["total"]
    return {
        "requests": len(timings),
        "p50": pct(timings, 0.5),
        "p95": pct(timings, 0.95),
        "p99": pct(timings, 0.99),
        "last_total": total,
    }


def client_main(kind: str, port: int, keys: str) -> dict[str, float]:
    """Runs one measurement from a separate process (the server keeps its own cores)."""

    async def go() -> dict[str, float]:
        tokens = TestTokens(Path(keys))
        limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=30
        ) as client:
            if kind == "complete":
                return await complete_latency(client, tokens)
            return await todo_latency(client, tokens)

    return asyncio.run(go())


async def in_client_process(kind: str, port: int, keys: Path) -> dict[str, float]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return await asyncio.get_running_loop().run_in_executor(pool, client_main, kind, port, str(keys))


async def main() -> None:
    with local_app("loom_workflow_bench", engine_pool_size=16, database_pool_size=20) as local:
        port = free_port()
        config = uvicorn.Config(
            local.app, host="127.0.0.1", port=port, log_config=None, access_log=False, lifespan="on"
        )
        web = uvicorn.Server(config)
        serving = asyncio.create_task(web.serve())
        try:
            while not web.started:
                await asyncio.sleep(0.05)
            runtime = local.app.state.runtime
            results: dict[str, Any] = {}
            results["engine"] = await asyncio.get_running_loop().run_in_executor(
                None, engine_throughput, runtime
            )
            print("engine", results["engine"], flush=True)
            await prepare_complete(runtime)
            results["complete"] = await in_client_process("complete", port, local.tmp / "keys")
            print("complete", results["complete"], flush=True)
            seed_open_tasks(local.url)
            results["todo"] = await in_client_process("todo", port, local.tmp / "keys")
            print("todo", results["todo"], flush=True)
            write_results(results)
        finally:
            web.should_exit = True
            await serving


def write_results(r: dict[str, Any]) -> None:
    e, c, t = r["engine"], r["complete"], r["todo"]
    text = f"""# workflow benchmarks

`uv run python bench/workflow/bench_workflow.py` on {os.cpu_count()} CPUs, Python {sys.version.split()[0]},
embedded PostgreSQL (Unix socket), NATS local. Recorded {time.strftime("%Y-%m-%d %H:%M")}.

| benchmark | target | result |
| --- | --- | --- |
| engine throughput: start -> 2 user tasks -> end, persisted with history | >= 150 processes/s per core | {e["per_cpu_second"]:.0f} processes per CPU-second ({e["per_second"]:.0f}/s wall with {e["threads"]} threads on {os.cpu_count()} CPUs, {e["processes"]} processes) |
| complete task (`POST /flowable/task/audit`) over HTTP, 16 concurrent clients | p95 < 25 ms | p50 {c["p50"]:.1f} ms, p95 {c["p95"]:.1f} ms, p99 {c["p99"]:.1f} ms ({c["requests"]} requests) |
| todo (`GET /flowable/task/todo`) with 100,000 open tasks | p95 < 15 ms | p50 {t["p50"]:.1f} ms, p95 {t["p95"]:.1f} ms, p99 {t["p99"]:.1f} ms ({t["requests"]} requests, ~{t["last_total"]} tasks per user) |

Notes
- Each process is three transactions (start, complete, complete); each locks the instance row,
  loads the instance in two pipelined round trips and writes runtime, history and outbox rows.
- The HTTP figures are measured against uvicorn on a local TCP port with the real app (auth,
  middleware, engine threads), the client in the same process; the Traefik gateway adds its own hop
  (not in these figures: the gateway is not started by this script).
- The todo query is a UNION ALL of two index lookups (assignee; candidate identity link) ordered by
  create time, then one join for the page's 10 rows.
"""
    (Path(__file__).parent / "RESULTS.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main())
