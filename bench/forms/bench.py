"""forms benchmarks through the gateway of a running platform: import 10,000 rows from XLSX into a
form bound to a new table, then the online list of that form (10,000 rows) p50/p95.

Run against a platform (``make dev`` or ``scripts/platform-at.sh``):
``LOOM_PORTAL_URL=http://127.0.0.1:31080 LOOM_ADMIN_PASSWORD=… uv run python bench/forms/bench.py``
Writes RESULTS.md beside this file.
"""

from __future__ import annotations

import io
import json
import os
import platform
import random
import statistics
import time
import uuid
from pathlib import Path

import httpx
from openpyxl import Workbook

HERE = Path(__file__).parent
PORTAL = os.environ.get("LOOM_PORTAL_URL", "http://127.0.0.1:8080")
PASSWORD = os.environ.get("LOOM_ADMIN_PASSWORD", "")
ROWS = int(os.environ.get("LOOM_BENCH_ROWS", "10000"))
REQUESTS = int(os.environ.get("LOOM_BENCH_REQUESTS", "400"))
RUN = uuid.uuid4().hex[:6]
SOURCE = {
    "list": [
        {
            "type": "input",
            "model": "applicant",
            "name": "申请人",
            "options": {"required": True, "isSearch": True, "isSort": True},
        },
        {"type": "input", "model": "mobile", "name": "手机", "options": {"validator": "mobile"}},
        {"type": "number", "model": "days", "name": "天数", "options": {"min": 0, "max": 30, "isSort": True}},
        {"type": "select", "model": "kind", "name": "类型", "options": {"isSearch": True}},
        {"type": "textarea", "model": "reason", "name": "事由", "options": {}},
    ],
    "config": {},
}


# The machine as the run found it: other work on its cores inflates every figure.
LOAD_AT_START = os.getloadavg()[0]


def ok(answer: httpx.Response) -> object:
    assert answer.status_code == 200, f"{answer.request.url}: {answer.status_code} {answer.text[:300]}"
    return answer.json()


def client_for(token: str) -> httpx.Client:
    return httpx.Client(base_url=PORTAL, timeout=120, headers={"Authorization": f"Bearer {token}"})


def setup(admin: httpx.Client, portal: httpx.Client) -> tuple[str, httpx.Client]:
    """A form bound to a new table, its menu, and a user whose role holds the form's permissions."""
    code = f"bench{RUN}"
    form = ok(admin.post("/api/form/make/saveBasicInfo", json={"name": "压测表单", "code": code}))
    form_id = form["id"]  # type: ignore[index]
    ok(
        admin.post(
            "/api/form/make/save", json={"id": form_id, "source": json.dumps(SOURCE, ensure_ascii=False)}
        )
    )
    ok(
        admin.post(
            "/api/form/make/saveFormSource",
            json={"id": form_id, "tableName": f"bench_{RUN}", "autoCreate": "1"},
        )
    )
    tree = ok(admin.get("/api/sys/menu/treeData"))
    parent = next(n["id"] for n in tree if n["name"] == "表单管理")  # type: ignore[union-attr]
    ok(
        admin.post(
            "/api/form/make/createMenu", data={"formId": form_id, "parent.id": parent, "name": "压测表单"}
        )
    )

    def walk(nodes: list[dict]) -> list[str]:  # type: ignore[type-arg]
        found = [n["id"] for n in nodes if str(n.get("permission") or "").startswith(f"form:{code}:")]
        return found + [i for n in nodes for i in walk(n.get("children") or [])]

    menu_ids = walk(ok(admin.get("/api/sys/menu/treeData")))  # type: ignore[arg-type]
    ok(admin.post("/api/sys/role/save", json={"name": code, "enName": code, "menuIdList": menu_ids}))
    role = ok(admin.get("/api/sys/role/list", params={"enName": code}))["records"][0]["id"]  # type: ignore[index]
    ok(
        admin.post(
            "/api/sys/user/save",
            json={"loginName": code, "name": code, "password": "bench-secret", "roleIdList": [role]},
        )
    )
    token = ok(portal.post("/api/sys/login", json={"username": code, "password": "bench-secret"}))["token"]  # type: ignore[index]
    return str(form_id), client_for(str(token))


def workbook(rows: int) -> bytes:
    book = Workbook(write_only=True)
    sheet = book.create_sheet("data")
    sheet.append([f["name"] for f in SOURCE["list"]])
    kinds = ("annual", "sick", "personal")
    for i in range(rows):
        sheet.append([f"员工{i:05d}", f"139{i:08d}", i % 31, kinds[i % 3], f"第{i}条事由"])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def bench_list(user: httpx.Client, form_id: str, total_rows: int) -> dict[str, float]:
    """p50/p95 ms of list pages (random page, size 10, sorted by an isSort field or searched)."""
    pages = max(total_rows // 10, 1)
    timings: dict[str, list[float]] = {"first": [], "page": [], "sorted": [], "search": []}
    for i in range(REQUESTS):
        kind = ("first", "page", "sorted", "search")[i % 4]
        current = 1 if kind == "first" else random.randint(1, pages)
        params: dict[str, object] = {"formId": form_id, "current": current, "size": 10}
        if kind == "sorted":
            params |= {"orders[0].column": "days", "orders[0].asc": "false"}
        if kind == "search":
            params |= {
                "current": 1,
                "params": json.dumps({"applicant": f"{random.randint(0, total_rows - 1):05d}"}),
            }
        started = time.perf_counter()
        answer = user.get("/api/form/generate/list", params=params)
        timings[kind].append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 200, answer.text
    result = {}
    for kind, values in timings.items():
        values.sort()
        result[f"{kind}_p50"] = statistics.median(values)
        result[f"{kind}_p95"] = values[int(len(values) * 0.95) - 1]
    every = sorted(v for values in timings.values() for v in values)
    result["all_p95"] = every[int(len(every) * 0.95) - 1]
    return result


def reference(admin: httpx.Client) -> dict[str, float]:
    """The same machine's pace at the same time: sys's user list (10 rows) through the gateway."""
    timings = []
    for _ in range(100):
        started = time.perf_counter()
        ok(admin.get("/api/sys/user/list", params={"current": 1, "size": 10}))
        timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    return {"sys_p50": statistics.median(timings), "sys_p95": timings[94]}


def main() -> None:
    with httpx.Client(base_url=PORTAL, timeout=60) as portal:
        token = ok(portal.post("/api/sys/login", json={"username": "admin", "password": PASSWORD}))["token"]  # type: ignore[index]
        admin = client_for(str(token))
        form_id, user = setup(admin, portal)
        data = workbook(ROWS)
        print(f"importing {ROWS} rows ({len(data) // 1024} KiB XLSX) …", flush=True)  # noqa: T201
        started = time.perf_counter()
        answer = ok(
            user.post(
                "/api/form/generate/import",
                params={"formId": form_id},
                files={"file": ("bench.xlsx", data, "application/octet-stream")},
            )
        )
        import_seconds = time.perf_counter() - started
        print(f"imported: {answer} in {import_seconds:.2f} s", flush=True)  # noqa: T201
        total = ok(user.get("/api/form/generate/list", params={"formId": form_id, "size": 1}))["total"]  # type: ignore[index]
        assert total == ROWS, total
        for _ in range(30):  # warm-up
            user.get("/api/form/generate/list", params={"formId": form_id})
        figures = bench_list(user, form_id, ROWS)
        figures |= reference(admin)
        print(json.dumps(figures, indent=1), flush=True)  # noqa: T201
        write_results(import_seconds, figures)


def run_row(import_seconds: float, figures: dict[str, float]) -> str:
    """One line of the run history (load average of the shared machine at the end of the run)."""
    load = os.getloadavg()[0]
    return (
        f"| {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} | {load:.0f} | {import_seconds:.2f} s | "
        f"{figures['first_p50']:.1f} / {figures['first_p95']:.1f} ms | {figures['all_p95']:.1f} ms | "
        f"{figures['sys_p50']:.1f} / {figures['sys_p95']:.1f} ms |"
    )


def write_results(import_seconds: float, figures: dict[str, float]) -> None:
    path = HERE / "RESULTS.md"
    history = (
        [line for line in path.read_text().splitlines() if line.startswith("| 20")] if path.exists() else []
    )
    history.append(run_row(import_seconds, figures))
    lines = [
        "# forms benchmarks",
        "",
        f"Recorded {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {platform.machine()}, "
        f"{os.cpu_count()} cores (load average {LOAD_AT_START:.1f} at the start, {os.getloadavg()[0]:.1f} at the end; "
        f"other work on the machine inflates every figure), Python {platform.python_version()}, the whole platform from `scripts/platform-at.sh` "
        "(embedded PostgreSQL 16, NATS, Traefik), every request through the gateway with a real token.",
        "",
        "Path of a list request: gateway → forms (token, permission `form:<code>:view`, the form's binding) "
        "→ gRPC → gencode DataService (reflected table, bound parameters) → `loom_app`.",
        "",
        "| benchmark | target | result |",
        "| --- | --- | --- |",
        f"| import {ROWS:,} rows from XLSX (validated row by row, then inserted in batches of 2,000 by COPY) | < 10 s | "
        f"**{import_seconds:.2f} s** |",
        f"| online list of a bound form with {ROWS:,} rows, {REQUESTS} requests, p95 of all | < 20 ms | "
        f"**{figures['all_p95']:.1f} ms** |",
        f"| — first page of 10 (default order, newest first: what a list screen opens with) | | "
        f"p50 {figures['first_p50']:.1f} ms, p95 {figures['first_p95']:.1f} ms |",
        f"| — random page of 10 among 1,000 (default order) | | p50 {figures['page_p50']:.1f} ms, "
        f"p95 {figures['page_p95']:.1f} ms |",
        f"| — random page sorted on an isSort field (`days` desc) | | p50 {figures['sorted_p50']:.1f} ms, "
        f"p95 {figures['sorted_p95']:.1f} ms |",
        f"| — search on an isSearch field (`applicant` contains) | | p50 {figures['search_p50']:.1f} ms, "
        f"p95 {figures['search_p95']:.1f} ms |",
        f"| reference at the same moment: `/api/sys/user/list` (10 rows) through the gateway | | "
        f"p50 {figures['sys_p50']:.1f} ms, p95 {figures['sys_p95']:.1f} ms |",
        "",
        "On this shared machine (load average 5-25 on 2 cores while these ran, see the runs below) every"
        " call is several times slower than on an idle one; sys's one-table user list, measured in the "
        "same run, is the yardstick, and `cpu.py` measures what the load barely moves: the CPU each "
        "process spends per request. Changes of the 15:06 run (issue 10, second session): the bound form"
        " (definition, fields, binding) is cached per forms process and evicted when the form changes "
        "(at once in the process that saved it, in the others on the `loom.forms.make.*` event), so a "
        "list no longer queries forms' own database (ping, BEGIN, SELECT, ROLLBACK); the `id` "
        "tie-breaker now runs in the direction of the sort, so the `(column, id)` index serves every "
        "page (before, `create_date DESC, id ASC` made PostgreSQL sort the whole table: 23 ms for a page"
        " at offset 5,000 against 4 ms); gencode answers page and total in one statement (the count as "
        "an uncorrelated sub-select). Effect: at load 20 the first page is now faster than sys's user "
        "list (p50 35.6 against 52.7 ms; at 12:44 it was 13.0 against 4.8 ms). `cpu.py` at 15:08 (load "
        "18, 10,000 rows): 15.9 ms of CPU per list request in all (PostgreSQL 6.1, gencode 4.7, forms "
        "4.1, Traefik 1.0) and 2.42 s of CPU for a 10,000-row import (forms 1.55, PostgreSQL 0.51, "
        "gencode 0.35; wall 14.5 s at load 19). The 20 ms p95 is not shown on this machine: what is left"
        " per request is PostgreSQL's count of the whole filtered table and the skipped rows of deep "
        "pages, and two Python services in the path."
        " A `like` search then counted with a window over its matches (one scan instead of two): on the "
        "same form grown to 20,000 rows, PostgreSQL went from 7.8 to 5.1 ms of CPU per list request, all"
        " processes from 17.9 to 15.1 ms (15:16, load 31).",
        "",
        "Every run so far (load average of the 2-core machine at the end of the run):",
        "",
        "| run (UTC) | load | import 10,000 rows | first page p50 / p95 | list p95 (all kinds) | sys user list p50 / p95 |",
        "| --- | --- | --- | --- | --- | --- |",
        *history,
        "",
        "The import reports its progress in the forms log (`import <code>: n of N rows` per batch of 2,000 "
        "and the total time).",
        "",
        "CPU per request and per import: `LOOM_E2E_PORT_BASE=31 LOOM_BENCH_IMPORT=1 uv run python "
        "bench/forms/cpu.py` after `bench.py`.",
        "",
        "Reproduce: `LOOM_E2E_PORT_BASE=31 bash scripts/platform-at.sh` in one shell, then "
        "`LOOM_PORTAL_URL=http://127.0.0.1:31080 LOOM_ADMIN_PASSWORD=loom-e2e-admin uv run python bench/forms/bench.py`.",
        "",
    ]
    path.write_text("\n".join(lines))


if __name__ == "__main__":
    main()
