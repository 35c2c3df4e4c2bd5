"""gencode benchmarks: render the system group for a 100-column table, import 200 tables,
``table/list`` p95 with 10,000 designs. Writes RESULTS.md beside this file.

Run: ``uv run python bench/gencode/bench.py`` (embedded PostgreSQL and NATS, like the tests).
"""

from __future__ import annotations

import asyncio
import platform
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text

from loom_gencode.generate.context import table_context
from loom_gencode.generate.render import render
from loom_gencode.generate.service import _names, _scheme_context
from loom_gencode.main import build_app
from loom_gencode.scheme.schemas import SchemeWire
from loom_gencode.seed import system_templates
from loom_gencode.settings import GencodeSettings
from loom_gencode.table.defaults import column_defaults
from loom_gencode.table.models import GenTable, GenTableColumn
from loom_platform.db import sync_url
from loom_platform.embedded import free_port, postgres_url, start_nats
from loom_platform.migrations import upgrade
from loom_platform.settings import repo_root
from loom_platform.testing.auth import GrantedAccess, TestTokens
from loom_platform.testing.fixtures import drop_database, recreate_database

HERE = Path(__file__).parent
SERVICE_DIR = repo_root() / "services" / "gencode"


def bench_render() -> float:
    """Median ms to render the system group for a 100-column table."""
    cols = [GenTableColumn(gen_table_id="t", **column_defaults("id", "varchar(64)", is_pk=True))]
    cols += [
        GenTableColumn(
            gen_table_id="t",
            **column_defaults(f"col_{i}", ["varchar(100)", "integer", "timestamp", "numeric(10,2)"][i % 4]),
        )
        for i in range(99)
    ]
    table = table_context(GenTable(id="t", name="wide", comments="wide", class_name="Wide"), cols)
    common = _scheme_context(
        SchemeWire(
            package_name="app",
            module_name="demo",
            function_name="x",
            function_name_simple="x",
            function_author="b",
        )
    )
    templates = system_templates()
    context = {
        **common,
        **_names(common, table),
        "table": table,
        "parent": None,
        "children": [],
        "main": table,
    }
    times = []
    for _ in range(30):
        started = time.perf_counter()
        for name, _child, source in templates:
            render(name, source, context)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


async def bench_service(server: str, nats_url: str, tmp: Path) -> tuple[float, float, float]:
    urls = [recreate_database(server, n) for n in ("loom_gencode_bench", "loom_app_bench")]
    upgrade(SERVICE_DIR, urls[0])
    tokens = TestTokens(tmp / "keys")
    access = GrantedAccess({"b": {"gencode:genTable:view", "gencode:genTable:add"}})
    settings = GencodeSettings(
        mode="test",
        database_url=urls[0],
        app_database_url=urls[1],
        nats_url=nats_url,
        jwt_public_key_file=tokens.public_key_path,
        state_dir=tmp / "state",
        log_level="WARNING",
        log_json=False,
    )
    engine = create_engine(sync_url(urls[1]))
    with engine.begin() as conn:
        for i in range(200):
            conn.execute(
                text(
                    f"CREATE TABLE imp_{i:03d} (id varchar(64) primary key, name varchar(100), "
                    "amount numeric(10,2), created timestamp, qty integer, note text)"
                )
            )
    engine.dispose()
    app = build_app(settings, access_loader=access.loader())
    headers = tokens.headers("b")
    try:
        async with app.router.lifespan_context(app):
            async with httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://b"
            ) as client:
                names = ",".join(f"imp_{i:03d}" for i in range(200))
                started = time.perf_counter()
                r = await client.post(
                    "/gencode/table/saveTableFromDB",
                    json={"name": names, "dataSource": {"id": "master"}},
                    headers=headers,
                    timeout=120,
                )
                assert r.status_code == 200, r.text
                import_s = time.perf_counter() - started
                meta = create_engine(sync_url(urls[0]))
                with meta.begin() as conn:
                    conn.execute(
                        text(
                            "INSERT INTO gen_table (id, create_date, update_date, name, comments, "
                            "data_source_id, id_type, table_type, class_name, is_sync) "
                            "SELECT md5(g::text), now(), now() - g * interval '1 second', 't_' || g, "
                            "'table ' || g, 'master', '1', '0', 'T' || g, '0' FROM generate_series(1, 9800) g"
                        )
                    )
                meta.dispose()
                times = []
                for i in range(300):
                    params = {"current": 1 + i % 50, "size": 10}
                    if i % 3 == 0:
                        params["nameLike"] = "t_12"  # type: ignore[assignment]
                    started = time.perf_counter()
                    r = await client.get("/gencode/table/list", params=params, headers=headers)
                    times.append((time.perf_counter() - started) * 1000)
                    assert r.json()["result"]["total"] > 0
                times.sort()
                return import_s, times[int(len(times) * 0.95)], statistics.median(times)
    finally:
        for name in ("loom_gencode_bench", "loom_app_bench"):
            drop_database(server, name)


def main() -> None:
    render_ms = bench_render()
    tmp = Path(tempfile.mkdtemp(prefix="gencode-bench-"))
    server = postgres_url(repo_root() / ".loom" / "test" / "pg")
    port = free_port()
    nats = start_nats(port, tmp / "nats")
    try:
        import_s, p95, p50 = asyncio.run(bench_service(server, f"nats://127.0.0.1:{port}", tmp))
    finally:
        nats.terminate()
        nats.wait(10)
    rows = [
        ("render system group, 100-column table (median)", f"{render_ms:.1f} ms", "< 150 ms"),
        ("import 200 tables (saveTableFromDB)", f"{import_s:.2f} s", "< 5 s"),
        ("table/list p95, 10,000 designs (p50)", f"{p95:.1f} ms ({p50:.1f} ms)", "< 20 ms"),
    ]
    lines = [
        "# gencode benchmarks",
        "",
        f"Recorded by `uv run python bench/gencode/bench.py` on {platform.node()} "
        f"({platform.processor() or platform.machine()}), embedded PostgreSQL 16, in-process ASGI "
        "(no gateway), {time.strftime('%Y-%m-%d')}.".replace(
            "{time.strftime('%Y-%m-%d')}", time.strftime("%Y-%m-%d")
        ),
        "",
        "| what | result | target |",
        "| --- | --- | --- |",
        *(f"| {a} | {b} | {c} |" for a, b, c in rows),
        "",
    ]
    (HERE / "RESULTS.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
