"""Workflow benchmarks through the Traefik gateway, against the platform of ``scripts/bench.sh``.

1. Complete-task latency: 16 concurrent clients, each a real sys user with their own token, work
   their to-do lists (``GET /api/flowable/task/todo`` then ``POST /api/flowable/task/audit`` per
   task) of instances they started themselves; the latency of each audit call is recorded.
2. The to-do list with 100,000 open tasks: the rows are inserted straight into the workflow
   database (1,000 instances; half the tasks assigned, half offered to three candidates), spread
   over 1,000 user ids of which 20 are real sys users; one request at a time, for random real
   users, through the gateway and direct to the workflow service (the gateway's own cost).

3. Complete-task in an open loop: audits sent at a fixed rate (``LOOM_BENCH_OPEN_RATES``, default
   50 and 100 per second, ``LOOM_BENCH_OPEN_SECONDS`` each, default 15) whatever the answers' pace,
   each on a task of its own (started beforehand); latency counted from the moment the audit was
   due, so a server falling behind shows in the figures (no coordinated omission).

Env (set by ``scripts/bench.sh``): LOOM_PORTAL_URL, LOOM_ADMIN_PASSWORD, LOOM_STATE_DIR,
LOOM_WORKFLOW_HTTP_PORT; LOOM_BENCH_REQUESTS (default 2000); LOOM_BENCH_PARTS (default
``closed,todo,open``); LOOM_WORKFLOW_API_PROCESSES (recorded with the open-loop figures);
LOOM_BENCH_OPEN_PROFILE=<dir> (py-spy, from ``uv sync --group bench``, on every Python process of the
platform during each open loop); LOOM_BENCH_OPEN_TRACE=<file> (each audit's due time and latency, JSON). Every run
makes its own users and process key and deletes its bulk rows at the end, so runs do not pile up. The
section "through the gateway" of ``bench/workflow/RESULTS.md`` is replaced by the closed-loop and
to-do figures; the open-loop table keeps one row per API process count and rate, replaced by a
newer run of the same.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import psycopg
import uvloop

from loom_platform.embedded import postgres_url

PORTAL = os.environ["LOOM_PORTAL_URL"]
WORKFLOW = f"http://127.0.0.1:{os.environ['LOOM_WORKFLOW_HTTP_PORT']}"
STATE = Path(os.environ["LOOM_STATE_DIR"])
ADMIN_PASSWORD = os.environ["LOOM_ADMIN_PASSWORD"]
REQUESTS = int(os.environ.get("LOOM_BENCH_REQUESTS", "2000"))
PARTS = set(os.environ.get("LOOM_BENCH_PARTS", "closed,todo,open").split(","))
OPEN_RATES = [int(r) for r in os.environ.get("LOOM_BENCH_OPEN_RATES", "50,100").split(",")]
OPEN_SECONDS = float(os.environ.get("LOOM_BENCH_OPEN_SECONDS", "15"))
API_PROCESSES = os.environ.get("LOOM_WORKFLOW_API_PROCESSES", "1")
CLIENTS = 16
OPEN_TASKS = 100_000
TODO_USERS = 20
WARMUP = 100
RUN = uuid.uuid4().hex[:6]
KEY = f"gwbench_{RUN}"
PASSWORD = "bench-secret"
COMMENT = json.dumps({"message": "ok", "type": "_flow_agree", "status": "同意"})
MARKER = "## Through the gateway"
OPEN_MARKER = "## Complete-task through the gateway, open loop"

TWO_TASKS = (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">'
    f'<process id="{KEY}" name="网关压测" isExecutable="true">'
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="t1" name="一审" flowable:assignee="${applyUserId}"/>'
    '<userTask id="t2" name="二审" flowable:assignee="${applyUserId}"/><endEvent id="end"/>'
    '<sequenceFlow id="f1" sourceRef="start" targetRef="t1"/><sequenceFlow id="f2" sourceRef="t1" targetRef="t2"/>'
    '<sequenceFlow id="f3" sourceRef="t2" targetRef="end"/></process></definitions>'
)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def summary(timings: list[float]) -> dict[str, float]:
    return {
        "requests": len(timings),
        "p50": pct(timings, 0.50),
        "p95": pct(timings, 0.95),
        "p99": pct(timings, 0.99),
        "mean": statistics.fmean(timings),
    }


def ok(answer: httpx.Response) -> Any:
    if answer.status_code != 200:
        raise RuntimeError(
            f"{answer.request.method} {answer.request.url}: {answer.status_code} {answer.text}"
        )
    return answer.json()


# --- setup through the gateway, as an administrator ---------------------------------------------


def login(client: httpx.Client, username: str, password: str) -> dict[str, str]:
    token = ok(client.post("/api/sys/login", json={"username": username, "password": password}))["token"]
    return {"Authorization": f"Bearer {token}"}


def make_user(admin: httpx.Client, login_name: str) -> str:
    ok(
        admin.post(
            "/api/sys/user/save", json={"loginName": login_name, "name": login_name, "password": PASSWORD}
        )
    )
    return str(ok(admin.get("/api/sys/user/list", params={"loginName": login_name}))["records"][0]["id"])


def deploy(admin: httpx.Client) -> str:
    """Designs and deploys the two-task process; returns its definition id."""
    model_id = ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": KEY, "name": "网关压测"}))[
        "id"
    ]
    editor = ok(admin.get(f"/api/app/rest/models/{model_id}/editor/json"))
    fields = {"modeltype": "model", "json_xml": TWO_TASKS, "name": "网关压测", "key": KEY, "description": ""}
    fields |= {"newversion": "false", "comment": "", "lastUpdated": editor["lastUpdated"]}
    ok(admin.post(f"/api/flowable/model/saveModel/{model_id}", data=fields))
    ok(admin.put("/api/flowable/model/deploy", params={"id": model_id, "category": "压测"}))
    listed = ok(admin.get("/api/flowable/process/list", params={"name": KEY}))["records"]
    return str(next(d["id"] for d in listed if d["key"] == KEY))


# --- 1. complete-task latency ------------------------------------------------------------------


async def start_instances(client: httpx.AsyncClient, headers: dict[str, str], count: int) -> None:
    for i in range(count):
        ok(
            await client.post(
                "/api/flowable/task/start", params={"procDefKey": KEY, "title": f"压测{i}"}, headers=headers
            )
        )


async def work_todo_list(
    client: httpx.AsyncClient, headers: dict[str, str], quota: int, timings: list[float]
) -> None:
    """Completes ``quota`` tasks from the caller's to-do list, timing each audit."""
    done = 0
    while done < quota:
        page = ok(await client.get("/api/flowable/task/todo", params={"size": 50}, headers=headers))
        if not page["records"]:
            raise RuntimeError("a client ran out of tasks")
        for row in page["records"][: quota - done]:
            fields = {"taskId": row["task"]["id"], "vars": "{}", "comment": COMMENT}
            began = time.perf_counter()
            answer = await client.post("/api/flowable/task/audit", data=fields, headers=headers)
            timings.append((time.perf_counter() - began) * 1000)
            ok(answer)
            done += 1


async def complete_latency(tokens: list[dict[str, str]]) -> dict[str, float]:
    quota = REQUESTS // CLIENTS
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=PORTAL, limits=limits, timeout=60) as client:
        await asyncio.gather(*(start_instances(client, h, quota // 2 + 1) for h in tokens))
        warm: list[float] = []
        await asyncio.gather(*(work_todo_list(client, h, 2, warm) for h in tokens))
        timings: list[float] = []
        began = time.perf_counter()
        await asyncio.gather(*(work_todo_list(client, h, quota - 2, timings) for h in tokens))
        elapsed = time.perf_counter() - began
    return summary(timings) | {"per_second": len(timings) / elapsed}


# --- 3. complete-task in an open loop ----------------------------------------------------------


async def open_tasks(
    client: httpx.AsyncClient, tokens: list[dict[str, str]], count: int
) -> list[tuple[dict[str, str], str]]:
    """Starts ``count`` instances spread over the clients; returns (client, first task id) of each."""
    share = -(-count // len(tokens))
    await asyncio.gather(*(start_instances(client, h, share) for h in tokens))
    tasks: list[tuple[dict[str, str], str]] = []
    for headers in tokens:
        page = ok(await client.get("/api/flowable/task/todo", params={"size": 1000}, headers=headers))
        tasks += [(headers, row["task"]["id"]) for row in page["records"]]
    return tasks[:count]


PROCESS_NAMES = (
    ("postgres", "postgres"),
    ("loom-workflow worker", "workflow worker"),
    ("loom-workflow history", "workflow history"),
    ("loom-workflow", "workflow API"),
    ("loom-sys", "sys"),
    ("loom-forms", "forms"),
    ("loom-gencode", "gencode"),
    ("loom-apps", "apps"),
    ("traefik", "gateway (Traefik)"),
    ("nats-server", "NATS"),
    ("gateway.py", "this load client"),
)


def cpu_by_process() -> dict[str, float]:
    """CPU seconds so far of every process of the platform (and this client), summed by role; a
    process no role names counts for its parent's (the API's worker processes, PostgreSQL's backends)."""
    tick = os.sysconf("SC_CLK_TCK")
    found: dict[int, tuple[str | None, int, float]] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        role = next((name for key, name in PROCESS_NAMES if key in command), None)
        found[int(proc.name)] = (role, int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    seconds: dict[str, float] = {}
    for role, parent, spent in found.values():
        while role is None and parent in found:
            role, parent, _ = found[parent]
        if role is not None:
            seconds[role] = seconds.get(role, 0.0) + spent
    return seconds


def profile_python_processes(directory: str, seconds: float) -> list[subprocess.Popen[bytes]]:
    """py-spy (``--gil``: samples where Python runs) on every Python process of the platform for
    ``seconds``, one raw flame-graph file per process in ``directory`` (LOOM_BENCH_OPEN_PROFILE)."""
    Path(directory).mkdir(parents=True, exist_ok=True)
    spy = Path(sys.executable).with_name("py-spy")
    started = []
    for proc in Path("/proc").iterdir():
        try:
            command = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        words = [w.decode(errors="replace") for w in command]
        if len(words) > 2 and words[0].endswith("python") and "loom-" in words[1]:
            name = f"{Path(words[1]).name}-{words[2]}-{proc.name}"
            out = Path(directory) / f"{name}.txt"
            args = [str(spy), "record", "--gil", "--nonblocking", "-r", "200", "-f", "raw"]
            args += ["-d", str(int(seconds)), "-p", proc.name, "-o", str(out)]
            started.append(subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    return started


def cpu_split(before: dict[str, float], after: dict[str, float], audits: int) -> dict[str, float]:
    """CPU milliseconds per audit by role between two ``cpu_by_process`` readings, largest first."""
    spent = {role: (after[role] - before.get(role, 0.0)) * 1000 / audits for role in after}
    return dict(sorted(((r, round(ms, 2)) for r, ms in spent.items() if ms > 0.005), key=lambda kv: -kv[1]))


class LeanHttp:
    """HTTP/1.1 over kept-alive sockets, just enough for the open loop's form POSTs.

    The load client shares the platform's two cores: httpx spent 3-5 ms of CPU per audit (as much as the
    workflow API itself), which both took CPU from the platform and delayed the client's own clock. This
    costs ~0.1 ms. Answers must carry a Content-Length (uvicorn's and Traefik's JSON answers do).
    """

    def __init__(self, url: str) -> None:
        address = httpx.URL(url)
        self.host, self.port = address.host, address.port or 80
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    async def post_form(self, path: str, fields: dict[str, str], headers: dict[str, str]) -> int:
        """POSTs ``fields`` form-encoded; returns the answer's status (its body is read and dropped)."""
        body = urlencode(fields).encode()
        head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
        request = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{head}"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n"
        ).encode() + body
        reader, writer = self.idle.pop() if self.idle else await asyncio.open_connection(self.host, self.port)
        writer.write(request)
        status_line, *lines = (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
        length = next(
            int(line.split(b":", 1)[1]) for line in lines if line.lower().startswith(b"content-length:")
        )
        await reader.readexactly(length)
        self.idle.append((reader, writer))
        return int(status_line.split()[1])

    def close(self) -> None:
        for _, writer in self.idle:
            writer.close()


async def settled(seconds: float = 60) -> None:
    """Waits until the instances' starts are behind the platform: their history applied and their events
    published. The clock then measures audits, not the tail of 2,000 starts."""
    deadline = time.monotonic() + seconds
    with workflow_db() as conn:
        while time.monotonic() < deadline:
            pending = conn.execute(
                "SELECT (SELECT count(*) FROM loom_history_queue)"
                " + (SELECT count(*) FROM loom_outbox WHERE published_at IS NULL)"
            ).fetchone()
            if pending is not None and pending[0] == 0:
                break
            await asyncio.sleep(0.2)
    await asyncio.sleep(1)  # the events' consumers (notices, sys's operation log) take the last ones


async def open_loop(tokens: list[dict[str, str]], rate: int) -> dict[str, Any]:
    """Audits at ``rate`` per second for OPEN_SECONDS, each due at its own time; latency from due to answer."""
    count = int(rate * OPEN_SECONDS)
    async with httpx.AsyncClient(base_url=PORTAL, timeout=60) as client:
        tasks = await open_tasks(client, tokens, count)
    await settled()
    lean = LeanHttp(PORTAL)
    profiling = os.environ.get("LOOM_BENCH_OPEN_PROFILE")
    spies = profile_python_processes(profiling, OPEN_SECONDS) if profiling else []
    cpu_before = cpu_by_process()
    timings: list[float] = []
    trace: list[tuple[float, float]] = []
    failures = 0

    async def audit(headers: dict[str, str], task_id: str, due: float) -> None:
        nonlocal failures
        fields = {"taskId": task_id, "vars": "{}", "comment": COMMENT}
        status = await lean.post_form("/api/flowable/task/audit", fields, headers)
        timings.append((time.perf_counter() - due) * 1000)
        trace.append((due - began, timings[-1]))
        if status != 200:
            failures += 1

    # one timer at a time, each audit its own task when due: a sleeping coroutine per audit made the
    # client's timer heap as long as the run
    began = time.perf_counter() + 0.5
    running = set()
    for i, (headers, task_id) in enumerate(tasks):
        due = began + i / rate
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        task = asyncio.create_task(audit(headers, task_id, due))
        running.add(task)
        task.add_done_callback(running.discard)
    await asyncio.gather(*running)
    elapsed = time.perf_counter() - began
    await asyncio.sleep(1)  # the audits' history, notices and operation log are applied
    split = cpu_split(cpu_before, cpu_by_process(), len(timings))
    lean.close()
    for spy in spies:
        spy.wait()
    if os.environ.get("LOOM_BENCH_OPEN_TRACE"):
        Path(os.environ["LOOM_BENCH_OPEN_TRACE"]).write_text(json.dumps(sorted(trace)))
    print("CPU per audit (ms) by process:", split, "total", round(sum(split.values()), 2), flush=True)
    parts = ", ".join(f"{role} {ms:.1f}" for role, ms in list(split.items())[:4])
    return summary(timings) | {
        "rate": rate,
        "per_second": len(timings) / elapsed,
        "failures": failures,
        "cpu_total": sum(split.values()),
        "cpu_parts": parts,
    }


def open_report(rows: list[dict[str, Any]]) -> None:
    """Puts this run's rows into the open-loop table (same API processes and rate: replaced)."""
    load = os.getloadavg()[0]
    stamp = time.strftime("%Y-%m-%d %H:%M")
    lines = {
        f"| {API_PROCESSES} | {r['rate']:.0f}/s |": (
            f"| {API_PROCESSES} | {r['rate']:.0f}/s | p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms, p99 {r['p99']:.1f} ms, "
            f"mean {r['mean']:.1f} ms | {r['requests']:.0f} audits ({r['per_second']:.0f}/s answered), "
            f"{r['failures']:.0f} failed | {r['cpu_total']:.1f} ms ({r['cpu_parts']}) | {stamp}, load {load:.1f} |"
        )
        for r in rows
    }
    results = Path(__file__).parent / "RESULTS.md"
    text = results.read_text(encoding="utf-8")
    head, _, rest = text.partition(OPEN_MARKER)
    tail = rest.split("\n## ", 1)
    kept = [
        line
        for line in (tail[0].splitlines() if rest else [])
        if line.startswith("| ")
        and line.split("|")[2].strip().endswith("/s")
        and not any(line.startswith(k) for k in lines)
    ]
    table = sorted(
        [*kept, *lines.values()],
        key=lambda line: (line.split("|")[1].strip(), int(line.split("|")[2].strip()[:-2])),
    )
    section = (
        f"""{OPEN_MARKER} (`LOOM_BENCH_PARTS=open python bench/workflow/gateway.py`)

Method: audits (`POST /api/flowable/task/audit`, form-encoded) sent through the gateway at a fixed rate for
{OPEN_SECONDS:.0f} s, each on its own open task (instances of the two-task process started beforehand by 16 real
sys users; the clock starts once their history is applied and their events published), whatever the answers'
pace; latency from the moment an audit was due to its answer. The client writes HTTP/1.1 on kept-alive sockets
(~0.3 ms of CPU per audit; httpx took 3-5 ms on the same two cores). CPU per audit: every process of the
platform and the client, from `/proc` over the loop (Traefik, NATS and PostgreSQL included). Target: p95 under
20 ms at 100/s (issue 38). The platform of `scripts/platform-at.sh` (port base 42) with
`LOOM_WORKFLOW_API_PROCESSES` API processes, {os.cpu_count()} CPUs (load average {os.getloadavg()[0]:.1f} when written; other work inflates the figures).
`LOOM_BENCH_OPEN_PROFILE=<dir>` samples every Python process of the platform with py-spy during the loop.

| API processes | rate | latency | audits | CPU per audit, all processes (largest parts) | recorded |
| --- | --- | --- | --- | --- | --- |
"""
        + "\n".join(table)
        + "\n"
    )
    rest_text = ("\n## " + tail[1]) if rest and len(tail) > 1 else ""
    results.write_text(head.rstrip() + "\n\n" + section + rest_text, encoding="utf-8")
    print(section)


# --- 2. the to-do list with 100,000 open tasks -------------------------------------------------


def workflow_db() -> psycopg.Connection[Any]:
    return psycopg.connect(postgres_url(STATE / "pg", "loom_workflow"), autocommit=True)


def seed_open_tasks(definition_id: str, real_users: list[str]) -> None:
    """100,000 open tasks over 1,000 instances and 1,000 user ids (the first ``TODO_USERS`` real)."""
    users = real_users + [f"g{RUN}u{i}" for i in range(len(real_users), 1000)]
    with workflow_db() as conn:
        conn.execute("CREATE TEMP TABLE bench_users (n int PRIMARY KEY, id text)")
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO bench_users VALUES (%s, %s)", list(enumerate(users)))
        # the instances' runtime executions (the to-do list reads title and initiator from them)
        conn.execute(
            "INSERT INTO act_ru_execution (id, proc_inst_id, proc_def_id, root_proc_inst_id, is_scope, name, "
            "start_user_id, start_time) SELECT %(p)s || i, %(p)s || i, %(d)s, %(p)s || i, true, '压测' || i, "
            "(SELECT id FROM bench_users WHERE n = i %% 1000), now() FROM generate_series(1, 1000) i",
            {"p": f"g{RUN}p", "d": definition_id},
        )
        conn.execute(
            "INSERT INTO act_ru_task (id, name, task_def_key, proc_inst_id, proc_def_id, execution_id, assignee, "
            "create_time) SELECT %(t)s || i, '一审', 't1', %(p)s || (i %% 1000 + 1), %(d)s, %(p)s || (i %% 1000 + 1), "
            "CASE WHEN i %% 2 = 0 THEN (SELECT id FROM bench_users WHERE n = i %% 1000) END, "
            "now() - make_interval(secs => i) FROM generate_series(1, %(n)s) i",
            {"t": f"g{RUN}t", "p": f"g{RUN}p", "d": definition_id, "n": OPEN_TASKS},
        )
        conn.execute(
            "INSERT INTO act_ru_identitylink (id, type, user_id, task_id, proc_inst_id) "
            "SELECT %(l)s || i || '_' || k, 'candidate', (SELECT id FROM bench_users WHERE n = (i + k * 7) %% 1000), "
            "%(t)s || i, %(p)s || (i %% 1000 + 1) FROM generate_series(1, %(n)s) i, generate_series(0, 2) k "
            "WHERE i %% 2 = 1",
            {"l": f"g{RUN}l", "t": f"g{RUN}t", "p": f"g{RUN}p", "n": OPEN_TASKS},
        )
        conn.execute("ANALYZE act_ru_task")
        conn.execute("ANALYZE act_ru_identitylink")
        conn.execute("ANALYZE act_ru_execution")


def remove_open_tasks() -> None:
    with workflow_db() as conn:
        for table in ("act_ru_identitylink", "act_ru_task", "act_ru_execution"):
            conn.execute(f"DELETE FROM {table} WHERE id LIKE %s", (f"g{RUN}%",))  # noqa: S608


def todo_latency(base: str, path: str, tokens: list[dict[str, str]]) -> dict[str, float]:
    """The first to-do page of random real users, one request at a time over one connection."""
    rng = random.Random(7)
    timings: list[float] = []
    totals: list[int] = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for n in range(REQUESTS + WARMUP):
            headers = tokens[rng.randrange(len(tokens))]
            began = time.perf_counter()
            answer = client.get(path, params={"current": 1, "size": 10}, headers=headers)
            elapsed = (time.perf_counter() - began) * 1000
            totals.append(ok(answer)["total"])
            if n >= WARMUP:
                timings.append(elapsed)
    return summary(timings) | {"tasks_per_user": statistics.fmean(totals)}


# --- report ------------------------------------------------------------------------------------


def report(c: dict[str, float], g: dict[str, float], d: dict[str, float]) -> str:
    load = os.getloadavg()[0]
    return f"""{MARKER} (`bench/workflow/gateway.py`, recorded {time.strftime("%Y-%m-%d %H:%M")})

Method: `bash scripts/bench.sh` starts the whole platform (embedded PostgreSQL, NATS, sys, gencode,
workflow with its worker, forms, Traefik) on its own ports and state; this script talks to it as a
browser would, through the gateway (`/api/...`), with tokens from `/api/sys/login`. {os.cpu_count()} CPUs,
Python {sys.version.split()[0]}, load average {load:.1f} when the report was written (other work on the machine inflates every figure).

- Complete task: {CLIENTS} real sys users, each starting its own instances of a two-task process
  (`assignee = ${{applyUserId}}`), then, all {CLIENTS} at once (closed loop, no think time), reading their
  to-do list and completing each task with `POST /api/flowable/task/audit` (form-encoded), two
  warm-up audits per client first. Latency of the audit call only.
- To-do: {OPEN_TASKS:,} open tasks inserted into `loom_workflow` (1,000 instances; half assigned, half offered
  to three candidate users) spread over 1,000 user ids, {TODO_USERS} of them real sys users; `GET
  /api/flowable/task/todo?current=1&size=10` for a random real user, one request at a time,
  {WARMUP} warm-up requests; the same through the gateway and direct to the workflow service.

| benchmark | target | result |
| --- | --- | --- |
| complete task through the gateway, {CLIENTS} concurrent clients | p95 < 25 ms | p50 {c["p50"]:.1f} ms, p95 {c["p95"]:.1f} ms, p99 {c["p99"]:.1f} ms, mean {c["mean"]:.1f} ms ({c["requests"]:.0f} audits, {c["per_second"]:.0f}/s) |
| todo with {OPEN_TASKS:,} open tasks through the gateway | p95 < 15 ms | p50 {g["p50"]:.1f} ms, p95 {g["p95"]:.1f} ms, p99 {g["p99"]:.1f} ms ({g["requests"]:.0f} requests, ~{g["tasks_per_user"]:.0f} tasks per user) |
| todo, same users, direct to the workflow service | | p50 {d["p50"]:.1f} ms, p95 {d["p95"]:.1f} ms, p99 {d["p99"]:.1f} ms (gateway hop at p50: {g["p50"] - d["p50"]:.1f} ms) |
"""


def write(section: str) -> None:
    results = Path(__file__).parent / "RESULTS.md"
    text = results.read_text(encoding="utf-8") if results.exists() else "# workflow benchmarks\n"
    if MARKER in text:
        head, _, rest = text.partition(MARKER)
        tail = rest.split("\n## ", 1)
        text = head + ("## " + tail[1] if len(tail) > 1 else "")
    results.write_text(text.rstrip() + "\n\n" + section, encoding="utf-8")


def main() -> None:
    with httpx.Client(base_url=PORTAL, timeout=60) as portal:
        admin = httpx.Client(base_url=PORTAL, timeout=60, headers=login(portal, "admin", ADMIN_PASSWORD))
        definition_id = deploy(admin)
        for i in range(CLIENTS):
            make_user(admin, f"gwbench-{RUN}-c{i}")
        readers = [make_user(admin, f"gwbench-{RUN}-r{i}") for i in range(TODO_USERS)]
        client_tokens = [login(portal, f"gwbench-{RUN}-c{i}", PASSWORD) for i in range(CLIENTS)]
        reader_tokens = [login(portal, f"gwbench-{RUN}-r{i}", PASSWORD) for i in range(TODO_USERS)]
    if "open" in PARTS:
        rows = []
        for rate in OPEN_RATES:
            rows.append(uvloop.run(open_loop(client_tokens, rate)))
            print("open loop", rows[-1], flush=True)
        open_report(rows)
    if not {"closed", "todo"} <= PARTS:
        return
    complete = asyncio.run(complete_latency(client_tokens))
    print("complete", complete, flush=True)
    seed_open_tasks(definition_id, readers)
    try:
        through = todo_latency(PORTAL, "/api/flowable/task/todo", reader_tokens)
        print("todo (gateway)", through, flush=True)
        direct = todo_latency(WORKFLOW, "/flowable/task/todo", reader_tokens)
        print("todo (direct)", direct, flush=True)
    finally:
        remove_open_tasks()
    section = report(complete, through, direct)
    print(section)
    write(section)


if __name__ == "__main__":
    main()
