"""App host benchmarks through the gateway of a running platform: from Generate to the module's list
page answering (its remote entry served and its list route answering; p50/p95 over several
generations of a new table each), a live module's list at 10,000 rows (p50/p95), and — with
``LOOM_BENCH_REPLICAS`` naming two or more host replicas — how long after Generate each replica
serves a module published while they run.

Run against a platform (``make dev`` or ``scripts/platform-at.sh``):
``LOOM_PORTAL_URL=http://127.0.0.1:32080 LOOM_ADMIN_PASSWORD=… uv run python bench/apps/bench.py``
The rows are written by the module's own save route in batches of concurrent calls, or, with
``LOOM_BENCH_APP_DATABASE_URL`` (the business database), copied from one saved row in one INSERT.
Prints the figures with the load average (the machine may be shared); RESULTS.md is kept by hand.
"""

from __future__ import annotations

import asyncio
import os
import platform
import statistics
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from pydantic.alias_generators import to_camel

from loom_gencode.table.defaults import STANDARD_COLUMNS, base_columns_for, column_defaults

HERE = Path(__file__).parent
PORTAL = os.environ.get("LOOM_PORTAL_URL", "http://127.0.0.1:8080")
PASSWORD = os.environ.get("LOOM_ADMIN_PASSWORD", "")
GENERATIONS = int(os.environ.get("LOOM_BENCH_GENERATIONS", "5"))
ROWS = int(os.environ.get("LOOM_BENCH_ROWS", "10000"))
REQUESTS = int(os.environ.get("LOOM_BENCH_REQUESTS", "400"))
APP_DATABASE_URL = os.environ.get("LOOM_BENCH_APP_DATABASE_URL", "")
REPLICAS = [u for u in os.environ.get("LOOM_BENCH_REPLICAS", "").split(",") if u]


def _column(name: str, jdbc_type: str, **extra: Any) -> dict[str, Any]:
    row = column_defaults(name, jdbc_type, comments=name)
    row.update(extra)
    return {to_camel(k): v for k, v in row.items()}


def _design(name: str) -> dict[str, Any]:
    columns = [_column(c, STANDARD_COLUMNS[c][0]) for c in base_columns_for("0")]
    columns += [
        _column("title", "varchar(50)", isNull="0", isQuery="1", queryType="LIKE"),
        _column("qty", "integer"),
    ]
    return {
        "name": name,
        "comments": "bench",
        "dataSource": {"id": "master"},
        "idType": "1",
        "tableType": "0",
        "className": "".join(p.title() for p in name.split("_")),
        "columnList": columns,
    }


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _new_module(client: httpx.Client) -> tuple[str, str, str, dict[str, Any]]:
    """A synchronised table whose module the administrator may use: (module, table, id, scheme)."""
    name = f"bench_app_{uuid.uuid4().hex[:6]}"
    module = f"b{uuid.uuid4().hex[:6]}"
    client.post("/api/gencode/table/save", json=_design(name)).raise_for_status()
    listed = client.get("/api/gencode/table/list", params={"nameLike": name}).json()
    table_id = listed["result"]["records"][0]["id"]
    client.post("/api/gencode/table/synchDb", data={"id": table_id, "isForce": "1"}).raise_for_status()
    scheme = client.get("/api/gencode/table/queryGenCodeForm", params={"tableId": table_id}).json()["scheme"]
    _grant(client, module, name)
    return module, name, table_id, scheme


def _page_answers(client: httpx.Client, module: str, name: str, api: str = "/api") -> bool:
    """The list page's two halves: the remote's entry is served and the list route answers."""
    if client.get(f"/mf/apps/{module}/{name}/remoteEntry.js").status_code != 200:
        return False
    return client.get(f"{api}/{module}/{name}/list").status_code == 200


def generate_to_list(client: httpx.Client) -> tuple[list[float], str, str]:
    """Seconds from genCode to the module's list page answering, per generation; the last module."""
    times: list[float] = []
    base = table_id = ""
    for _ in range(GENERATIONS):
        module, name, table_id, scheme = _new_module(client)
        base = f"/api/{module}/{name}"
        started = time.perf_counter()
        client.post("/api/gencode/table/genCode", json={**scheme, "moduleName": module}).raise_for_status()
        while not _page_answers(client, module, name):
            if time.perf_counter() - started > 300:
                raise RuntimeError(f"{base} never answered")
            time.sleep(0.1)
        times.append(time.perf_counter() - started)
    return times, base, table_id


def replicas_serve(client: httpx.Client, token: str) -> dict[str, float]:
    """Seconds from genCode until each host replica (asked directly) serves the new module's list
    page; the replicas are running when the module is published."""
    module, name, _, scheme = _new_module(client)
    headers = {"Authorization": f"Bearer {token}"}
    hosts = {url: httpx.Client(base_url=url, headers=headers, timeout=30) for url in REPLICAS}
    served: dict[str, float] = {}
    started = time.perf_counter()
    client.post("/api/gencode/table/genCode", json={**scheme, "moduleName": module}).raise_for_status()
    while len(served) < len(hosts):
        for url, host in hosts.items():
            if url not in served and _page_answers(host, module, name, api=""):
                served[url] = time.perf_counter() - started
        if time.perf_counter() - started > 300:
            raise RuntimeError(f"not every replica serves {module}/{name}: {served}")
        time.sleep(0.1)
    for host in hosts.values():
        host.close()
    return served


def _grant(client: httpx.Client, module: str, name: str) -> None:
    """The administrator's role gets the module's menu buttons (createMenu needs a generated scheme,
    so the bench creates the buttons' menu after saving the scheme)."""
    table_id = client.get("/api/gencode/table/list", params={"nameLike": name}).json()["result"]["records"][
        0
    ]["id"]
    scheme = client.get("/api/gencode/table/queryGenCodeForm", params={"tableId": table_id}).json()["scheme"]
    client.post("/api/gencode/scheme/save", json={**scheme, "moduleName": module}).raise_for_status()
    menu = f"bench{uuid.uuid4().hex[:6]}"
    form = {"parent.id": "m-gen", "name": menu, "tableId": table_id, "tableType": "0"}
    client.post("/api/gencode/scheme/createMenu", data=form).raise_for_status()
    ids: list[str] = []

    def walk(nodes: list[dict[str, Any]], inside: bool) -> None:
        for node in nodes:
            mine = inside or node["name"] == menu
            if mine:
                ids.append(node["id"])
            walk(node.get("children") or [], mine)

    walk(client.get("/api/sys/menu/treeData").json(), False)
    info = client.get("/api/sys/user/info").json()
    for role_id in info["user"]["roleIdList"]:
        role = client.get("/api/sys/role/queryById", params={"id": role_id}).json()
        body = {**role, "menuIdList": sorted({*(role.get("menuIdList") or []), *ids})}
        client.post("/api/sys/role/save", json=body).raise_for_status()


async def fill(base: str, token: str) -> float:
    """Writes ROWS rows (through the module's save route, or copied in the business database);
    answers the seconds it took."""
    headers = {"Authorization": f"Bearer {token}"}
    started = time.perf_counter()
    async with httpx.AsyncClient(base_url=PORTAL, headers=headers, timeout=60) as client:
        if APP_DATABASE_URL:
            (await client.post(f"{base}/save", json={"title": "row 0", "qty": 0})).raise_for_status()
            _copy_rows(base.rsplit("/", 1)[1], ROWS - 1)
            return time.perf_counter() - started
        for start in range(0, ROWS, 50):
            calls = [
                client.post(f"{base}/save", json={"title": f"row {i}", "qty": i})
                for i in range(start, min(ROWS, start + 50))
            ]
            for answer in await asyncio.gather(*calls):
                answer.raise_for_status()
    return time.perf_counter() - started


def _copy_rows(table: str, count: int) -> None:
    """``count`` copies of the table's one row, each with its own id, title and qty."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(APP_DATABASE_URL, autocommit=True) as conn:
        columns = [
            r[0]
            for r in conn.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = %s "
                "AND table_schema = 'public' ORDER BY ordinal_position",
                (table,),
            )
        ]
        made = {"id": "md5(random()::text || g)", "title": "'row ' || g", "qty": "g"}
        values = [sql.SQL(made[c]) if c in made else sql.Identifier(c) for c in columns]
        conn.execute(
            sql.SQL("INSERT INTO {t} ({cols}) SELECT {vals} FROM {t}, generate_series(1, {n}) g").format(
                t=sql.Identifier(table),
                cols=sql.SQL(", ").join(map(sql.Identifier, columns)),
                vals=sql.SQL(", ").join(values),
                n=sql.Literal(count),
            )
        )
        conn.execute(sql.SQL("ANALYZE {t}").format(t=sql.Identifier(table)))


def list_latency(client: httpx.Client, base: str) -> list[float]:
    times = []
    for i in range(REQUESTS):
        started = time.perf_counter()
        answer = client.get(f"{base}/list", params={"current": 1 + i % 50, "size": 20})
        times.append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 200 and answer.json()["total"] >= ROWS
    return times


def main() -> None:
    token = httpx.post(f"{PORTAL}/api/sys/login", json={"username": "admin", "password": PASSWORD}).json()[
        "token"
    ]
    loads = [os.getloadavg()[0]]
    with httpx.Client(base_url=PORTAL, headers={"Authorization": f"Bearer {token}"}, timeout=60) as client:
        generations, base, _ = generate_to_list(client)
        loads.append(os.getloadavg()[0])
        fill_seconds = asyncio.run(fill(base, token))
        latencies = list_latency(client, base)
        loads.append(os.getloadavg()[0])
        served = replicas_serve(client, token) if len(REPLICAS) > 1 else {}
        loads.append(os.getloadavg()[0])
    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {platform.machine()} with {os.cpu_count()} cores; "
        f"1-minute load average at start / after generations / after the list / at the end: "
        + " / ".join(f"{x:.1f}" for x in loads)
        + " (the machine is shared: other work counts in these figures).",
        "",
        "| what | figure |",
        "| --- | --- |",
        f"| Generate → the module's list page answers through the gateway (remote entry + list; {GENERATIONS} generations) | p50 {statistics.median(generations):.1f} s, p95 {_percentile(generations, 0.95):.1f} s (target p95 < 30 s) |",
        f"| {ROWS} rows {'copied in the database' if APP_DATABASE_URL else 'saved through the save route (50 concurrent)'} | {fill_seconds:.1f} s |",
        f"| the module's list at {ROWS} rows through the gateway, {REQUESTS} requests | p50 {statistics.median(latencies):.1f} ms, p95 {_percentile(latencies, 0.95):.1f} ms (target p95 < 20 ms) |",
    ]
    for url, seconds in served.items():
        lines.append(
            f"| replica {url} serves a module published while it runs (list + remote entry) | {seconds:.1f} s after Generate |"
        )
    print("\n".join(lines))  # noqa: T201


if __name__ == "__main__":
    main()
