"""Benchmark: ``/api/sys/log/list`` with 5 million log rows (a year of logs), through the gateway.

Runs against a platform started by ``scripts/bench.sh`` (or ``scripts/platform-at.sh``: the same
variables). The rows are inserted by PostgreSQL itself (``generate_series``), spread evenly over the
last twelve months, so they fall into the monthly partitions of ``sys_log``: 40 routes, 20 users,
types 操作 (90 %), 登录 (8 %) and 异常 (2 %). Requests go one at a time over a kept-alive
connection, so the figures are latencies. Results go to ``bench/sys/RESULTS.md`` with the load
average (the machine is shared: other work running at the same time shows in the figures).
"""

from __future__ import annotations

import os
import statistics
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import psycopg

from loom_platform.embedded import postgres_url
from loom_sys.log import partitions, terms

ROWS = int(os.environ.get("LOOM_BENCH_LOG_ROWS", "5000000"))
REQUESTS = int(os.environ.get("LOOM_BENCH_REQUESTS", "200"))
WARMUP = 20
PORTAL = os.environ["LOOM_PORTAL_URL"]
STATE = Path(os.environ["LOOM_STATE_DIR"])
MARK = "bench-log-"
MONTH = timedelta(days=30)

CASES: list[tuple[str, dict[str, str]]] = [
    ("newest first, page 1 (the screen's first view)", {}),
    ("page 50", {"current": "50"}),
    ("type 登录 (8 %)", {"type": "1"}),
    ("type 异常 (2 %)", {"type": "3"}),
    ("one route, requestUri contains (2.5 %)", {"requestUri": "/sys/route17/save"}),
    ("one user, createBy.name contains (5 %)", {"createBy.name": "压测用户07"}),
    ("last month (date range)", {"beginCreateDate": "{month_ago}", "endCreateDate": "{today}"}),
    ("a day three months ago", {"beginCreateDate": "{day}", "endCreateDate": "{day}"}),
    ("sorted by title", {"orders[0].column": "title", "orders[0].asc": "true"}),
    (
        "sorted by elapsed time (耗时), longest first",
        {"orders[0].column": "record_time", "orders[0].asc": "false"},
    ),
    ("sorted by request method", {"orders[0].column": "request_type", "orders[0].asc": "true"}),
    ("sorted by address", {"orders[0].column": "remote_addr", "orders[0].asc": "true"}),
]


def month_partitions(conn: psycopg.Connection) -> None:
    """The partitions of the year's months, as a sys running all year would have made them ahead
    (rows already in the default partition move into their month)."""
    today = datetime.now(UTC).date()
    with conn.transaction():
        for statement in partitions.ensure(partitions.months(today - 13 * MONTH, today)):
            conn.execute(statement)  # type: ignore[arg-type]
    conn.execute("VACUUM ANALYZE sys_log")


def insert_rows() -> int:
    """Inserts the rows once (a later run reuses them); answers how many there are."""
    with psycopg.connect(postgres_url(STATE / "pg", "loom_sys"), autocommit=True) as conn:
        month_partitions(conn)
        present = conn.execute("SELECT count(*) FROM sys_log WHERE id LIKE %s", (MARK + "%",)).fetchone()
        if present and present[0] >= ROWS:
            return int(present[0])
        conn.execute("DELETE FROM sys_log WHERE id LIKE %s", (MARK + "%",))
        now = datetime.now(UTC)
        chunk = ROWS // 12
        for month in range(12):
            started = time.perf_counter()
            first = month * chunk
            count = ROWS - first if month == 11 else chunk
            end = now - MONTH * month
            conn.execute(
                """
                INSERT INTO sys_log (id, type, title, service, remote_addr, user_agent, request_uri,
                    request_type, method, params, record_ids, result, exception, record_time, create_by,
                    create_by_name, create_date)
                SELECT %(mark)s || n,
                    CASE WHEN n %% 50 = 0 THEN '3' WHEN n %% 100 < 8 THEN '1' ELSE '4' END,
                    '保存路由' || (n %% 40), 'sys', '10.0.0.' || (n %% 250), 'bench',
                    '/sys/route' || (n %% 40) || '/save', 'POST', '保存路由' || (n %% 40),
                    '{"query":{},"body":{"name":"x"}}', 'r' || n,
                    CASE WHEN n %% 50 = 0 THEN 'fail' ELSE 'success' END,
                    CASE WHEN n %% 50 = 0 THEN '保存失败' END, n %% 200,
                    'bench-user-' || (n %% 20), '压测用户' || lpad((n %% 20)::text, 2, '0'),
                    %(end)s - (n - %(first)s) * (%(span)s / %(count)s)
                FROM generate_series(%(first)s, %(last)s) AS n
                """,
                {
                    "mark": MARK,
                    "first": first,
                    "last": first + count - 1,
                    "count": count,
                    "end": end,
                    "span": MONTH,
                },
            )
            print(f"month {month + 1}/12: {count} rows in {time.perf_counter() - started:.1f}s", flush=True)  # noqa: T201
        conn.execute(terms.BACKFILL)  # the routes and login names, as sys notes them when it stores a row
        conn.execute("VACUUM ANALYZE sys_log")
        total = conn.execute("SELECT count(*) FROM sys_log WHERE id LIKE %s", (MARK + "%",)).fetchone()
        return int(total[0]) if total else 0


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1]


def measure(client: httpx.Client, params: dict[str, str]) -> tuple[list[float], int]:
    url = f"{PORTAL}/api/sys/log/list"
    for _ in range(WARMUP):
        client.get(url, params=params).raise_for_status()
    timings = []
    total = 0
    for _ in range(REQUESTS):
        started = time.perf_counter()
        answer = client.get(url, params=params)
        timings.append((time.perf_counter() - started) * 1000)
        answer.raise_for_status()
        total = answer.json()["total"]
    return timings, total


def main() -> None:
    rows = insert_rows()
    password = os.environ["LOOM_ADMIN_PASSWORD"]
    token = httpx.post(f"{PORTAL}/api/sys/login", json={"username": "admin", "password": password}).json()[
        "token"
    ]
    today = datetime.now(UTC).date()
    values = {
        "today": today.isoformat(),
        "month_ago": (today - MONTH).isoformat(),
        "day": (today - 3 * MONTH).isoformat(),
    }
    lines = [
        f"## `/api/sys/log/list` with {rows:,} log rows ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)",
        "",
        f"A year of rows in monthly partitions; page size 10; {REQUESTS} requests per case after {WARMUP}",
        "warm-up, one at a time through the gateway. The total counts at most 10,000 matching rows.",
        "",
        "| case | total | p50 ms | p95 ms | load average (1 min) |",
        "| --- | --- | --- | --- | --- |",
    ]
    with httpx.Client(headers={"Authorization": f"Bearer {token}"}, timeout=60) as client:
        for name, raw in CASES:
            params = {"size": "10", **{k: v.format(**values) for k, v in raw.items()}}
            timings, total = measure(client, params)
            load = os.getloadavg()[0]
            lines.append(
                f"| {name} | {total:,} | {pct(timings, 50):.1f} | {pct(timings, 95):.1f} | {load:.1f} |"
            )
            print(lines[-1], flush=True)  # noqa: T201
    lines += [
        "",
        f"Target: p95 < 50 ms. Machine: {os.cpu_count()} cores, shared with other work during the run.",
        "",
    ]
    results = Path(__file__).resolve().parent / "RESULTS.md"
    text = results.read_text() if results.exists() else "# sys benchmarks\n\n"
    results.write_text(text.rstrip() + "\n\n" + "\n".join(lines))


if __name__ == "__main__":
    main()
