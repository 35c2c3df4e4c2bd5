"""CPU per audit (``POST /flowable/task/audit``) of workflow API processes, A/B on one machine.

Load disturbs latency far more than it disturbs CPU per request, so on a shared machine this is the
figure to compare variants by. Against the platform of ``scripts/platform-at.sh`` (its env from
``scripts/e2e-env.sh``): deploys the two-task process of ``gateway.py``, makes 16 sys users, starts
instances, then sends audits of first tasks at ``LOOM_AUDIT_RATE`` per second (open loop) to each
target in turn, ``LOOM_AUDIT_ROUNDS`` rounds of ``LOOM_AUDIT_N`` audits, alternating the targets
round by round. Per round it reads the CPU of the target's process (every thread's
``/proc/<pid>/task/*/schedstat``), of the workflow worker process and of every PostgreSQL server
process, and the latency of the audits.

``LOOM_AUDIT_TARGETS``: ``name=url@pid,...`` (default: the platform's workflow API, through its own
port); each process must serve the same database. ``LOOM_AUDIT_WORKER_PID``, ``LOOM_AUDIT_PG_PID``
(the postmaster): optional, their CPU is reported too. ``LOOM_AUDIT_PYSPY=<target name>``: py-spy
records that target during its first round (``/tmp/audit-<name>.txt``, collapsed stacks).
"""

from __future__ import annotations

import asyncio
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))
import gateway as gw  # noqa: E402

RATE = float(os.environ.get("LOOM_AUDIT_RATE", "50"))
ROUNDS = int(os.environ.get("LOOM_AUDIT_ROUNDS", "4"))
N = int(os.environ.get("LOOM_AUDIT_N", "200"))
PYSPY = os.environ.get("LOOM_AUDIT_PYSPY", "")


def cpu_ns(pid: int) -> int:
    """Nanoseconds on CPU of every live thread of ``pid``."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total


def pg_cpu_ns(postmaster: int) -> int:
    """Nanoseconds on CPU of the postmaster and its live children."""
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if int(proc.name) == postmaster or ppid == postmaster:
                total += int((proc / "schedstat").read_text().split()[0])
        except (FileNotFoundError, ProcessLookupError, ValueError):
            pass
    return total


def targets() -> list[tuple[str, str, int]]:
    raw = os.environ.get("LOOM_AUDIT_TARGETS", "")
    if not raw:
        port = os.environ["LOOM_WORKFLOW_HTTP_PORT"]
        out = subprocess.run(["ss", "-ltnpH", f"sport = :{port}"], capture_output=True, text=True).stdout
        pid = int(out.split("pid=")[1].split(",")[0])
        return [("api", f"http://127.0.0.1:{port}", pid)]
    result = []
    for part in raw.split(","):
        name, rest = part.split("=", 1)
        url, pid = rest.rsplit("@", 1)
        result.append((name, url, int(pid)))
    return result


async def first_tasks(client: httpx.AsyncClient, tokens: list[dict[str, str]], count: int) -> list[Any]:
    share = -(-count // len(tokens))
    await asyncio.gather(*(gw.start_instances(client, h, share) for h in tokens))
    tasks = []
    for headers in tokens:
        page = gw.ok(await client.get("/api/flowable/task/todo", params={"size": 1000}, headers=headers))
        tasks += [
            (headers, r["task"]["id"]) for r in page["records"] if r["task"].get("taskDefinitionKey") == "t1"
        ]
    return tasks


async def audit_round(url: str, tasks: list[Any]) -> tuple[list[float], int]:
    timings: list[float] = []
    failures = 0
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=100)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:

        async def one(headers: dict[str, str], task_id: str, due: float) -> None:
            nonlocal failures
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            fields = {"taskId": task_id, "vars": "{}", "comment": gw.COMMENT}
            answer = await client.post("/flowable/task/audit", data=fields, headers=headers)
            timings.append((time.perf_counter() - due) * 1000)
            if answer.status_code != 200:
                failures += 1
                if failures < 3:
                    print("failed", answer.status_code, answer.text[:300], flush=True)

        began = time.perf_counter() + 0.3
        await asyncio.gather(*(one(h, t, began + i / RATE) for i, (h, t) in enumerate(tasks)))
    return timings, failures


async def main() -> None:
    chosen = targets()
    worker = int(os.environ.get("LOOM_AUDIT_WORKER_PID", "0"))
    postmaster = int(os.environ.get("LOOM_AUDIT_PG_PID", "0"))
    with httpx.Client(base_url=gw.PORTAL, timeout=60) as portal:
        admin = httpx.Client(
            base_url=gw.PORTAL, timeout=60, headers=gw.login(portal, "admin", gw.ADMIN_PASSWORD)
        )
        gw.deploy(admin)
        for i in range(gw.CLIENTS):
            gw.make_user(admin, f"gwbench-{gw.RUN}-c{i}")
        tokens = [gw.login(portal, f"gwbench-{gw.RUN}-c{i}", gw.PASSWORD) for i in range(gw.CLIENTS)]
    needed = ROUNDS * len(chosen) * N
    async with httpx.AsyncClient(base_url=gw.PORTAL, timeout=60) as client:
        tasks = await first_tasks(client, tokens, needed + len(tokens) * 10)
    print(f"{len(tasks)} open first tasks; load {os.getloadavg()[0]:.1f}", flush=True)
    # warm-up: a few audits per target
    for _name, url, _pid in chosen:
        warm, tasks = tasks[:20], tasks[20:]
        await audit_round(url, warm)
    figures: dict[str, list[dict[str, float]]] = {name: [] for name, _, _ in chosen}
    for r in range(ROUNDS):
        for name, url, pid in chosen:
            batch, tasks = tasks[:N], tasks[N:]
            time.sleep(1.0)  # the previous round's after-commit work settles
            spy = None
            if PYSPY == name and r == 0:
                spy = subprocess.Popen(
                    [
                        "py-spy",
                        "record",
                        "-p",
                        str(pid),
                        "-f",
                        "raw",
                        "-o",
                        f"/tmp/audit-{name}.txt",
                        "-r",
                        "250",
                        "--gil",
                    ],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                time.sleep(1.0)
            load = os.getloadavg()[0]
            c0, w0, p0 = (
                cpu_ns(pid),
                cpu_ns(worker) if worker else 0,
                pg_cpu_ns(postmaster) if postmaster else 0,
            )
            a0 = sum(cpu_ns(p) for _, _, p in chosen)
            timings, failures = await audit_round(url, batch)
            await asyncio.sleep(1.0)  # after-commit work (operation log, relay) of this round
            c1, w1, p1 = (
                cpu_ns(pid),
                cpu_ns(worker) if worker else 0,
                pg_cpu_ns(postmaster) if postmaster else 0,
            )
            a1 = sum(cpu_ns(p) for _, _, p in chosen)
            if spy is not None:
                spy.send_signal(signal.SIGINT)
                spy.wait()
            row = {
                "api_ms": (c1 - c0) / 1e6 / len(batch),
                "all_api_ms": (a1 - a0) / 1e6 / len(batch),
                "worker_ms": (w1 - w0) / 1e6 / len(batch),
                "pg_ms": (p1 - p0) / 1e6 / len(batch),
                "p50": gw.pct(timings, 0.5),
                "p95": gw.pct(timings, 0.95),
                "failures": failures,
                "load": load,
            }
            figures[name].append(row)
            print(name, r, {k: round(v, 2) for k, v in row.items()}, flush=True)
    for name, rows in figures.items():
        each = ", ".join(f"{row['api_ms']:.2f}" for row in rows)
        med = {
            k: statistics.median(row[k] for row in rows)
            for k in ("api_ms", "all_api_ms", "worker_ms", "pg_ms", "p50", "p95")
        }
        print(
            f"{name}: CPU per audit, medians of {len(rows)} rounds of {N} at {RATE:g}/s: API {med['api_ms']:.2f} ms "
            f"[{each}] (every target's process: {med['all_api_ms']:.2f} ms), worker {med['worker_ms']:.2f} ms, "
            f"PostgreSQL {med['pg_ms']:.2f} ms; latency p50 {med['p50']:.1f} / p95 {med['p95']:.1f} ms; "
            f"load {min(row['load'] for row in rows):.1f}-{max(row['load'] for row in rows):.1f}",
            flush=True,
        )


if __name__ == "__main__":
    asyncio.run(main())
