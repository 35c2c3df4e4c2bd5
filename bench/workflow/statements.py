"""Where the database's work goes, statement by statement, on ``peer.py``'s workloads (issue 38).

A private PostgreSQL of Debian's binaries (``pgstat.py``: ``pg_stat_statements``, the embedded pgserver
has no contrib) runs each side of ``peer.py`` alone: 50 warm-up processes and their history, a
CHECKPOINT, every statistic reset, then ``LOOM_STMT_PROCESSES`` processes (default 200) on one thread
and one pooled connection, Loom's history applied meanwhile by a history-worker thread (as in the
rounds), the side closed (its backends report their figures as they exit). Then, per process:

- each statement (``pg_stat_statements``, nested ones too): calls, rows, shared-buffer hits, WAL
  records and bytes (full-page images apart), and its execution time (the only machine-dependent
  figure here);
- each table (``pg_stat_user_tables``): rows inserted, updated (of which HOT), deleted;
- each table and index from the WAL itself (``pg_waldump`` over the run's LSN range): heap records,
  index entries written (B-tree inserts), WAL bytes;
- the indexes no statement of the run read (``pg_stat_user_indexes.idx_scan`` = 0).

Counts (calls, rows, buffers, WAL, index entries) do not depend on the machine's load: they steer;
wall-clock ratios need a quiet machine (``peer.py``).

``LOOM_STMT_WORKLOADS=approval LOOM_STMT_PROCESSES=200 uv run python bench/workflow/statements.py``
(``LOOM_STMT_SIDES=loom,peer``; ``LOOM_STMT_OUT=file.md`` also writes the tables there; the server
listens on ``${LOOM_E2E_PORT_BASE:-28}433``).
"""

from __future__ import annotations

import collections
import os
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any

import psycopg

sys.path.insert(0, str(Path(__file__).parent))
from peer import PEER_TABLES, ROOT, WORKLOADS, LoomSide, SpiffSide, analyze  # noqa: E402
from pgstat import bin_dir, private_server, run, server_processes  # noqa: E402

from loom_platform.migrations import upgrade  # noqa: E402
from loom_platform.testing.fixtures import recreate_database  # noqa: E402

PROCESSES = int(os.environ.get("LOOM_STMT_PROCESSES", "200"))
WORKLOAD_NAMES = os.environ.get("LOOM_STMT_WORKLOADS", "approval").split(",")
SIDES = os.environ.get("LOOM_STMT_SIDES", "loom,peer").split(",")
PORT = int(os.environ.get("LOOM_STMT_PORT", f"{os.environ.get('LOOM_E2E_PORT_BASE', '28')}433"))
OUT = os.environ.get("LOOM_STMT_OUT", "")
# When Loom's history records are applied: after each ``process`` (its records in one batch: the most a
# worker can collapse, and deterministic), after each ``command`` (a record per batch, as when tasks wait
# for people: deterministic too), or by a history-worker ``thread`` as in peer.py's rounds (how records
# collapse then depends on timing, so the history tables' counts vary with the machine's load).
HISTORY = os.environ.get("LOOM_STMT_HISTORY", "process")

STATEMENTS = """
SELECT s.query, s.toplevel, s.calls, s.rows, s.shared_blks_hit, s.shared_blks_read, s.shared_blks_dirtied,
       s.wal_records, s.wal_fpi, s.wal_bytes, s.total_exec_time
FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
WHERE d.datname = %s AND s.query NOT LIKE '%%pg_stat%%' AND s.query NOT LIKE 'ANALYZE%%'
ORDER BY s.wal_bytes DESC, s.shared_blks_hit DESC
"""
TABLES = """
SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del FROM pg_stat_user_tables
WHERE n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY relname
"""
INDEXES = """
SELECT s.relname, s.indexrelname, s.idx_scan, pg_get_indexdef(s.indexrelid)
FROM pg_stat_user_indexes s ORDER BY s.relname, s.indexrelname
"""
RELATIONS = """
SELECT pg_relation_filenode(c.oid), c.relname FROM pg_class c WHERE c.relkind IN ('r', 'i', 'p')
UNION ALL SELECT pg_relation_filenode(c.reltoastrelid), c.relname || ' (TOAST)' FROM pg_class c
    WHERE c.reltoastrelid <> 0
UNION ALL SELECT pg_relation_filenode(i.indexrelid), c.relname || ' (TOAST index)' FROM pg_class c
    JOIN pg_index i ON i.indrelid = c.reltoastrelid WHERE c.reltoastrelid <> 0
"""
WAL_LINE = re.compile(
    r"rmgr: (\w+)\s+len \(rec/tot\):\s+(\d+)/\s*(\d+),.*?desc: ([\w+]+).*?blkref #0: rel \d+/\d+/(\d+)"
)


class Measured:
    """One side's figures over a run of ``PROCESSES`` processes."""

    def __init__(self, name: str, workload: str) -> None:
        self.name, self.workload = name, workload
        self.statements: list[tuple[Any, ...]] = []
        self.tables: list[tuple[Any, ...]] = []
        self.indexes: list[tuple[Any, ...]] = []
        self.wal: dict[str, collections.Counter[str]] = {}
        self.wal_total = 0
        self.commits = 0
        self.cpu_ns = 0  # every server process's time on a CPU over the run (schedstat)


def server_cpu_ns(data_dir: Path) -> int:
    """Nanoseconds on a CPU of the postmaster and its children (``/proc/<pid>/schedstat``), plus what the
    postmaster reaped of exited children (clock ticks)."""
    total = 0
    for proc, fields, postmaster in server_processes(data_dir):
        try:
            total += int((proc / "schedstat").read_text().split()[0])
        except OSError:
            continue
        if postmaster:
            total += (int(fields[13]) + int(fields[14])) * 1_000_000_000 // os.sysconf("SC_CLK_TCK")
    return total


def waldump(
    data_dir: Path, start: str, end: str, names: dict[int, str]
) -> dict[str, collections.Counter[str]]:
    """Per relation: WAL bytes, heap records by kind, B-tree inserts (index entries written)."""
    out = run(
        [str(bin_dir() / "pg_waldump"), "-p", str(data_dir / "pg_wal"), "-s", start, "-e", end],
        timeout=600,
    ).stdout
    found: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for line in out.splitlines():
        m = WAL_LINE.search(line)
        if m is None:
            continue
        rmgr, total, kind, node = m.group(1), int(m.group(3)), m.group(4), int(m.group(5))
        name = names.get(node, f"filenode {node}")
        counter = found[name]
        counter["wal bytes"] += total
        if rmgr in ("Heap", "Heap2"):
            counter[f"heap {kind}"] += 1
        elif rmgr == "Btree" and kind.startswith("INSERT"):
            counter["index entries"] += 1
    return found


def measure(url: str, data_dir: Path, side: Any, database: str) -> Measured:
    """Warm-up, reset, ``PROCESSES`` processes (history applied meanwhile), figures."""
    from loom_workflow.pgstore.store import conninfo

    for i in range(50):
        side.one(i)
    if isinstance(side, LoomSide):
        side.store.apply_history()
    analyze(url)
    time.sleep(
        2.5
    )  # the warm-up's backends report their pending statistics (after 1 s idle) before the reset
    admin = conninfo(url)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("CHECKPOINT")
        conn.execute("SELECT pg_stat_statements_reset()")
        conn.execute("SELECT pg_stat_reset()")
        (start,) = conn.execute("SELECT pg_current_wal_lsn()::text").fetchone()  # type: ignore[misc]
        (commits_before,) = conn.execute(  # type: ignore[misc]
            "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    cpu_before = server_cpu_ns(data_dir)
    loom = isinstance(side, LoomSide)
    if loom and HISTORY == "command":
        execute = side.engine.execute

        def applied(*args: Any, **kwargs: Any) -> Any:
            result = execute(*args, **kwargs)
            side.store.apply_history()
            return result

        side.engine.execute = applied  # type: ignore[method-assign]
    if loom and HISTORY == "thread":
        side.begin()
    for i in range(10_000, 10_000 + PROCESSES):
        side.one(i)
        if loom and HISTORY == "process":
            side.store.apply_history()
    if loom and HISTORY == "thread":
        side.finish()
    measured_cpu = server_cpu_ns(data_dir) - cpu_before
    side.close()  # its backends exit and report their statistics
    time.sleep(1.5)
    measured = Measured(side.name, side.workload.name)
    measured.cpu_ns = measured_cpu
    with psycopg.connect(admin, autocommit=True) as conn:
        (end,) = conn.execute("SELECT pg_current_wal_lsn()::text").fetchone()  # type: ignore[misc]
        conn.execute("SELECT pg_stat_force_next_flush()")
        measured.statements = conn.execute(STATEMENTS, (database,)).fetchall()
        measured.tables = conn.execute(TABLES).fetchall()
        measured.indexes = conn.execute(INDEXES).fetchall()
        (measured.wal_total,) = conn.execute(  # type: ignore[misc]
            "SELECT pg_wal_lsn_diff(%s, %s)::bigint", (end, start)
        ).fetchone()
        (commits_after,) = conn.execute(  # type: ignore[misc]
            "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
        measured.commits = int(commits_after) - int(commits_before)
        names = {int(r[0]): str(r[1]) for r in conn.execute(RELATIONS).fetchall() if r[0]}
    measured.wal = waldump(data_dir, start, end, names)
    return measured


def _short(sql: str, width: int = 150) -> str:
    text = " ".join(sql.split())
    text = text.replace("|", "\\|")
    return text if len(text) <= width else text[: width - 1] + "…"


def report(m: Measured) -> str:
    """The markdown tables of one side."""
    n = PROCESSES
    commands = WORKLOADS[m.workload].commands
    lines = [
        f"### {m.name}, workload {m.workload}: {n} processes ({commands} commands each), one thread"
        + (f", history applied after each {HISTORY}" if m.name.startswith("Loom") else ""),
        "",
        f"WAL {m.wal_total / n / 1024:.1f} KB per process ({m.wal_total / n / commands / 1024:.2f} KB per "
        f"command); {m.commits / n:.1f} commits per process; PostgreSQL CPU (every server process, "
        f"schedstat; load-dependent) {m.cpu_ns / n / 1e6:.2f} ms per process.",
        "",
        "| statement | top | calls | rows | shared hits | WAL records | WAL bytes (FPI) | exec ms |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    totals = collections.Counter[str]()
    for query, top, calls, rows, hit, _read, _dirtied, wal_records, fpi, wal_bytes, exec_ms in m.statements:
        if top:
            totals.update(
                {
                    "calls": calls,
                    "rows": rows,
                    "hits": hit,
                    "walr": wal_records,
                    "walb": int(wal_bytes),
                    "ms": 0,
                }
            )
            totals["ms_x1000"] += int(exec_ms * 1000)
        lines.append(
            f"| `{_short(query)}` | {'yes' if top else 'nested'} | {calls / n:.2f} | {rows / n:.2f} "
            f"| {hit / n:.1f} | {wal_records / n:.1f} | {int(wal_bytes) / n:.0f} ({fpi / n:.2f}) "
            f"| {exec_ms / n:.3f} |"
        )
    lines.append(
        f"| **top-level total** | | {totals['calls'] / n:.2f} | {totals['rows'] / n:.2f} | {totals['hits'] / n:.1f} "
        f"| {totals['walr'] / n:.1f} | {totals['walb'] / n:.0f} | {totals['ms_x1000'] / 1000 / n:.3f} |"
    )
    lines += [
        "",
        "| table | inserts | updates (HOT) | deletes | heap WAL records | index entries written | WAL bytes (heap, TOAST, indexes) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    indexes_of: dict[str, list[str]] = collections.defaultdict(list)
    for table, index, _scans, _definition in m.indexes:
        indexes_of[table].append(index)
    sums = collections.Counter[str]()
    written = sorted({t for t, *_ in m.tables} | {t for t in indexes_of if t in m.wal})
    for table in written:
        heap = m.wal.get(table, collections.Counter())
        parts = [*indexes_of[table], f"{table} (TOAST)", f"{table} (TOAST index)"]
        entries = sum(m.wal.get(i, collections.Counter())["index entries"] for i in indexes_of[table])
        wal_bytes = heap["wal bytes"] + sum(m.wal.get(i, collections.Counter())["wal bytes"] for i in parts)
        records = sum(v for k, v in heap.items() if k.startswith("heap"))
        # the rows written, from the WAL itself (exact over the run's LSN range)
        ins = heap["heap INSERT"] + heap["heap INSERT+INIT"]
        hot = heap["heap HOT_UPDATE"] + heap["heap HOT_UPDATE+INIT"]
        upd = hot + heap["heap UPDATE"] + heap["heap UPDATE+INIT"]
        dele = heap["heap DELETE"]
        sums.update(
            {
                "ins": ins,
                "upd": upd,
                "hot": hot,
                "del": dele,
                "rec": records,
                "ent": entries,
                "wal": wal_bytes,
            }
        )
        lines.append(
            f"| {table} | {ins / n:.2f} | {upd / n:.2f} ({hot / n:.2f}) | {dele / n:.2f} | {records / n:.1f} "
            f"| {entries / n:.1f} | {wal_bytes / n:.0f} |"
        )
    lines.append(
        f"| **total** | {sums['ins'] / n:.2f} | {sums['upd'] / n:.2f} ({sums['hot'] / n:.2f}) | {sums['del'] / n:.2f} "
        f"| {sums['rec'] / n:.1f} | {sums['ent'] / n:.1f} | {sums['wal'] / n:.0f} |"
    )
    written = {t for t, *_ in m.tables}
    unread = [
        f"`{index}`" for table, index, scans, _definition in m.indexes if table in written and not scans
    ]
    lines += [
        "",
        f"Indexes of the tables written that no statement of the run read: {', '.join(unread) or 'none'}.",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    from loom_workflow.collector import quiet_gc
    from loom_workflow.pgstore.store import conninfo

    quiet_gc()
    sections = []
    load = os.getloadavg()[0]
    with private_server(PORT) as (server_url, data_dir):
        for name in WORKLOAD_NAMES:
            workload = WORKLOADS[name]
            for which in SIDES:
                database = f"loom_stmt_{which}_{name.replace('-', '_')}"
                url = recreate_database(server_url, database)
                upgrade(ROOT / "services" / "workflow", url)
                with psycopg.connect(conninfo(url), autocommit=True) as conn:
                    conn.execute(PEER_TABLES)
                    conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
                side = (
                    LoomSide(url, 1, workload=workload)
                    if which == "loom"
                    else SpiffSide(url, 1, workload=workload)
                )
                measured = measure(url, data_dir, side, database)
                sections.append(report(measured))
                print(sections[-1], flush=True)
    text = (
        f"Recorded {time.strftime('%Y-%m-%d %H:%M')}, PostgreSQL {bin_dir().parent.name} (Debian), load average "
        f"{load:.1f} -> {os.getloadavg()[0]:.1f} (counts do not depend on it; exec ms does).\n\n"
        + "\n".join(sections)
    )
    if OUT:
        Path(OUT).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    threading.current_thread().name = "statements"
    main()
