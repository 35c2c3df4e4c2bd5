"""Benchmark: ``/api/sys/user/list`` with 10,000 users, direct to sys and through the gateway.

Runs against a platform started by ``scripts/bench.sh`` (its own ports and state). Users are
inserted with one multi-row INSERT per thousand; requests go one at a time over a kept-alive
connection, so the figures are latencies, not throughput. Results go to ``bench/RESULTS.md``.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

import httpx
import psycopg

from loom_platform.embedded import postgres_url

USERS = 10_000
REQUESTS = int(os.environ.get("LOOM_BENCH_REQUESTS", "2000"))
WARMUP = 200
PORTAL = os.environ["LOOM_PORTAL_URL"]
SYS = f"http://127.0.0.1:{os.environ['LOOM_SYS_HTTP_PORT']}"
STATE = Path(os.environ["LOOM_STATE_DIR"])


def insert_users() -> None:
    with psycopg.connect(postgres_url(STATE / "pg", "loom_sys"), autocommit=True) as conn:
        present = conn.execute("SELECT count(*) FROM sys_user WHERE login_name LIKE 'bench%'").fetchone()
        if present and present[0] >= USERS:
            return
        conn.execute("DELETE FROM sys_user WHERE login_name LIKE 'bench%'")
        for start in range(0, USERS, 1000):
            rows = [
                (f"b{i:05d}", f"bench{i:05d}", "x", f"压测用户{i}", "1", "1", 0)
                for i in range(start, start + 1000)
            ]
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO sys_user (id, login_name, password_hash, name, login_flag, company_id, failed_logins,"
                    " create_date, update_date) VALUES (%s,%s,%s,%s,%s,%s,%s, now(), now())",
                    rows,
                )


def measure(
    direct: httpx.Client, gateway: httpx.Client, params: dict[str, str]
) -> tuple[list[float], list[float]]:
    """Alternates direct and gateway requests, so drift in the machine's load hits both alike."""
    targets = ((direct, f"{SYS}/sys/user/list"), (gateway, f"{PORTAL}/api/sys/user/list"))
    for _ in range(WARMUP):
        for client, url in targets:
            client.get(url, params=params).raise_for_status()
    timings: tuple[list[float], list[float]] = ([], [])
    for _ in range(REQUESTS):
        for index, (client, url) in enumerate(targets):
            started = time.perf_counter()
            client.get(url, params=params).raise_for_status()
            timings[index].append((time.perf_counter() - started) * 1000)
    return timings


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1]


def main() -> None:
    insert_users()
    password = os.environ["LOOM_ADMIN_PASSWORD"]
    token = httpx.post(f"{PORTAL}/api/sys/login", json={"username": "admin", "password": password}).json()[
        "token"
    ]
    headers = {"Authorization": f"Bearer {token}"}
    params = {"current": "3", "size": "10", "orders[0].column": "login_name", "orders[0].asc": "true"}
    with httpx.Client(headers=headers) as direct, httpx.Client(headers=headers) as gateway:
        total = direct.get(f"{SYS}/sys/user/list", params=params).json()["total"]
        d, g = measure(direct, gateway, params)
    lines = [
        "## sys: `/api/sys/user/list` with 10,000 users",
        "",
        f"{total} users; page 3 of 10 sorted by login name; {REQUESTS} requests each way after {WARMUP} warm-up,",
        "alternating direct and gateway requests one at a time, one kept-alive connection each,",
        "the platform of `scripts/bench.sh` on this machine (2 cores).",
        "",
        "| path | p50 ms | p95 ms | p99 ms |",
        "| --- | --- | --- | --- |",
        f"| direct to sys | {pct(d, 50):.2f} | {pct(d, 95):.2f} | {pct(d, 99):.2f} |",
        f"| through the gateway | {pct(g, 50):.2f} | {pct(g, 95):.2f} | {pct(g, 99):.2f} |",
        "",
        f"Gateway overhead at p50: {pct(g, 50) - pct(d, 50):.2f} ms (target < 0.5 ms); "
        f"p95 through the gateway {pct(g, 95):.2f} ms (target < 15 ms).",
        "",
    ]
    print("\n".join(lines))  # noqa: T201
    results = Path(__file__).resolve().parents[1] / "RESULTS.md"
    text = results.read_text() if results.exists() else "# Benchmark results\n\n"
    marker = "## sys: `/api/sys/user/list`"
    if marker in text:
        head, _, rest = text.partition(marker)
        tail = rest.split("\n## ", 1)
        text = head + ("## " + tail[1] if len(tail) > 1 else "")
    results.write_text(text.rstrip() + "\n\n" + "\n".join(lines))


if __name__ == "__main__":
    main()
