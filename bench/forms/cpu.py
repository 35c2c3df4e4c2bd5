"""CPU time each process spends per online-list request (forms, gencode, PostgreSQL, Traefik) and per
10,000-row import: a measure the shared machine's load barely moves, unlike wall-clock latency.

Run after ``bench.py`` against a platform from ``LOOM_E2E_PORT_BASE=<B> bash scripts/platform-at.sh``:
``LOOM_E2E_PORT_BASE=<B> uv run python bench/forms/cpu.py`` (``LOOM_BENCH_IMPORT=1`` also imports
10,000 rows into the bench form). Processes are found by their environment (ports of base B) and
the embedded PostgreSQL by its data directory under ``.loom/e2e-<B>``.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

import httpx

B = os.environ.get("LOOM_E2E_PORT_BASE", "17")
REQUESTS = int(os.environ.get("LOOM_BENCH_REQUESTS", "400"))
TICK = os.sysconf("SC_CLK_TCK")
PG_DIR = f"e2e-{B}/pg"


def _read(pid: str, name: str) -> bytes:
    try:
        return Path(f"/proc/{pid}/{name}").read_bytes()
    except OSError:
        return b""


def processes() -> dict[str, str]:
    """pid -> role of the platform's processes on base B (PostgreSQL with its backends)."""
    found: dict[str, str] = {}
    pids = [p for p in os.listdir("/proc") if p.isdigit()]
    parents = {p: _read(p, "stat").rsplit(b")", 1)[-1].split()[1:2] for p in pids}
    for pid in pids:
        env, cmd = _read(pid, "environ"), _read(pid, "cmdline").replace(b"\0", b" ").decode(errors="ignore")
        if PG_DIR in cmd and "postgres" in cmd:
            found[pid] = "postgres"
            found.update({q: "postgres" for q, parent in parents.items() if parent == [pid.encode()]})
        elif "python" in cmd and "loom-forms serve" in cmd and f"LOOM_FORMS_HTTP_PORT={B}104".encode() in env:
            found[pid] = "forms"
        elif (
            "python" in cmd
            and "loom-gencode serve" in cmd
            and f"LOOM_GENCODE_GRPC_PORT={B}202".encode() in env
        ):
            found[pid] = "gencode"
        elif "traefik" in cmd and f"LOOM_GATEWAY_PORT={B}080".encode() in env:
            found[pid] = "traefik"
    return found


def cpu_seconds(found: dict[str, str]) -> dict[str, float]:
    """User + system CPU seconds so far, per role."""
    total: dict[str, float] = {}
    for pid, role in found.items():
        fields = _read(pid, "stat").rsplit(b")", 1)[-1].split()
        if len(fields) > 12:
            total[role] = total.get(role, 0.0) + (int(fields[11]) + int(fields[12])) / TICK
    return total


def _delta(before: dict[str, float], after: dict[str, float], per: float) -> dict[str, float]:
    return {k: round((after.get(k, 0.0) - before.get(k, 0.0)) / per, 2) for k in after}


def main() -> None:
    with httpx.Client(base_url=f"http://127.0.0.1:{B}080", timeout=120) as client:
        password = os.environ.get("LOOM_ADMIN_PASSWORD", "loom-e2e-admin")
        token = client.post("/api/sys/login", json={"username": "admin", "password": password}).json()[
            "token"
        ]
        listed = client.get(
            "/api/form/make/list", params={"size": 100}, headers={"Authorization": f"Bearer {token}"}
        )
        form = next(f for f in listed.json()["records"] if f["code"].startswith("bench"))
        login = {"username": form["code"], "password": "bench-secret"}  # the user bench.py made
        client.headers["Authorization"] = (
            f"Bearer {client.post('/api/sys/login', json=login).json()['token']}"
        )
        for _ in range(20):  # warm-up
            client.get("/api/form/generate/list", params={"formId": form["id"]})
        found = processes()
        before, started = cpu_seconds(found), time.perf_counter()
        for i in range(REQUESTS):  # the same mix as bench.py: first page, random page, sorted, search
            params: dict[str, object] = {"formId": form["id"], "current": random.randint(1, 1000), "size": 10}
            params |= [
                {"current": 1},
                {},
                {"orders[0].column": "days", "orders[0].asc": "false"},
                {
                    "current": 1,
                    "params": json.dumps({"applicant": f"{random.randint(0, 9999):05d}"}),
                },
            ][i % 4]
            assert client.get("/api/form/generate/list", params=params).status_code == 200
        wall = (time.perf_counter() - started) / REQUESTS * 1000
        per_request = _delta(before, cpu_seconds(found), REQUESTS / 1000)
        print(
            f"list: CPU ms per request {per_request}, total {sum(per_request.values()):.1f} ms; "  # noqa: T201
            f"wall {wall:.1f} ms; load {os.getloadavg()[0]:.0f}"
        )
        if os.environ.get("LOOM_BENCH_IMPORT"):
            sys.path.insert(0, str(Path(__file__).parent))
            from bench import workbook

            data, before, started = workbook(10_000), cpu_seconds(found), time.perf_counter()
            answer = client.post(
                "/api/form/generate/import",
                params={"formId": form["id"]},
                files={"file": ("bench.xlsx", data, "application/octet-stream")},
            )
            assert answer.status_code == 200, answer.text
            spent = _delta(before, cpu_seconds(found), 1)
            print(
                f"import 10,000 rows: CPU s {spent}, total {sum(spent.values()):.2f} s; "  # noqa: T201
                f"wall {time.perf_counter() - started:.2f} s; load {os.getloadavg()[0]:.0f}"
            )


if __name__ == "__main__":
    main()
