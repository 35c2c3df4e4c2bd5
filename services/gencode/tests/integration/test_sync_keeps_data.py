"""A normal sync never loses a stored value: a lossy change is refused, a renamed table keeps its rows.

The property test drives the DDL planner with random sequences of design changes against a
real PostgreSQL and checks every stored value after every normal sync.
"""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, create_engine, text

from loom_gencode.sync import ddl
from loom_gencode.sync.errors import LossyChange
from loom_platform.db import sync_url

from ..conftest import column, table
from .helpers import save_table, sync


async def _query(env, table_id):
    return (
        await env.client.get("/gencode/table/queryById", params={"id": table_id}, headers=env.headers())
    ).json()


async def test_a_normal_sync_that_would_cut_stored_text_is_refused_and_changes_nothing(env):
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS demo_narrow"))
    # given a synchronised table holding a ten-character value
    rec = await save_table(env, table("demo_narrow", column("title", "varchar(20)")))
    assert (await sync(env, rec["id"])).status_code == 200
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO demo_narrow (id, title) VALUES ('1', 'abcdefghij')"))
    # when the design narrows the column to five characters and a normal sync runs
    rec = await _query(env, rec["id"])
    next(c for c in rec["columnList"] if c["name"] == "title")["jdbcType"] = "varchar(5)"
    assert (await env.client.post("/gencode/table/save", json=rec, headers=env.headers())).status_code == 200
    refused = await sync(env, rec["id"], "1")
    # then it is refused with the reason, and the table and its value stay as they were
    assert refused.status_code == 400
    assert refused.json()["msg"].startswith("同步数据库失败: 字段[title]的修改")
    assert "强制同步" in refused.json()["msg"]
    with engine.connect() as conn:
        assert conn.execute(text("SELECT title FROM demo_narrow")).scalar() == "abcdefghij"
    assert (await _query(env, rec["id"]))["isSync"] == "0"
    # and a forced sync, which re-creates the table, still may
    assert (await sync(env, rec["id"], "2")).status_code == 200
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE demo_narrow"))
    engine.dispose()


async def test_a_narrower_column_whose_values_all_fit_is_synchronised(env):
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS demo_fit"))
    rec = await save_table(env, table("demo_fit", column("code", "varchar(20)")))
    assert (await sync(env, rec["id"])).status_code == 200
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO demo_fit (id, code) VALUES ('1', 'abc')"))
    rec = await _query(env, rec["id"])
    next(c for c in rec["columnList"] if c["name"] == "code")["jdbcType"] = "varchar(5)"
    await env.client.post("/gencode/table/save", json=rec, headers=env.headers())
    assert (await sync(env, rec["id"], "1")).status_code == 200
    with engine.begin() as conn:
        assert conn.execute(text("SELECT code FROM demo_fit")).scalar() == "abc"
        conn.execute(text("DROP TABLE demo_fit"))
    engine.dispose()


async def test_a_normal_sync_that_would_round_stored_numbers_is_refused_naming_the_rows(env):
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS demo_cents"))
    # given a synchronised table holding twenty amounts with cents
    rec = await save_table(env, table("demo_cents", column("amount", "numeric(10,2)")))
    assert (await sync(env, rec["id"])).status_code == 200
    with engine.begin() as conn:
        conn.execute(
            text("INSERT INTO demo_cents (id, amount) SELECT g::text, g + 0.25 FROM generate_series(1, 20) g")
        )
    # when the design makes it numeric(30,0) (wider, and without the cents) and a normal sync runs
    rec = await _query(env, rec["id"])
    next(c for c in rec["columnList"] if c["name"] == "amount")["jdbcType"] = "numeric(30,0)"
    assert (await env.client.post("/gencode/table/save", json=rec, headers=env.headers())).status_code == 200
    refused = await sync(env, rec["id"], "1")
    # then it is refused naming the column and the twenty rows, and no cent is lost
    assert refused.status_code == 400, refused.text
    assert refused.json()["msg"].startswith("同步数据库失败: 字段[amount]的修改")
    assert "20行" in refused.json()["msg"]
    with engine.connect() as conn:
        assert conn.execute(text("SELECT sum(amount) FROM demo_cents")).scalar() == Decimal("215.00")
    # and only a forced sync may
    assert (await sync(env, rec["id"], "2")).status_code == 200
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE demo_cents"))
    engine.dispose()


def test_renaming_and_narrowing_a_column_in_one_save_is_refused_naming_the_rows(app_engine) -> None:
    # given a synchronised column holding one ten-character value and one that fits
    name = f"ren_{uuid.uuid4().hex[:10]}"
    ddl.synchronise(app_engine, _design(name, None, [["title", "varchar(20)", None]]), ddl.FORCE)
    with app_engine.begin() as conn:
        conn.execute(text(f"INSERT INTO {name} (id, title) VALUES ('1', 'abcdefghij'), ('2', 'abc')"))  # noqa: S608
    # when one save renames it and narrows it to five characters
    with pytest.raises(LossyChange) as caught:
        ddl.synchronise(app_engine, _design(name, name, [["headline", "varchar(5)", "title"]]), ddl.KEEP)
    # then the normal sync refuses, naming the column and the one row it would cut
    assert caught.value.params["column"] == "headline" and caught.value.params["rows"] == 1
    with app_engine.begin() as conn:
        assert conn.execute(text(f"SELECT title FROM {name} ORDER BY id")).scalars().all() == [
            "abcdefghij",
            "abc",
        ]  # noqa: S608
        conn.execute(text(f"DROP TABLE {name}"))


async def test_renaming_a_table_in_the_design_carries_its_rows(env):
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS demo_before"))
        conn.execute(text("DROP TABLE IF EXISTS demo_after"))
    # given a synchronised table with a row
    rec = await save_table(env, table("demo_before", column("title", "varchar(20)")))
    assert (await sync(env, rec["id"])).status_code == 200
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO demo_before (id, title) VALUES ('1', 'kept')"))
    # when the design is renamed and synchronised normally
    rec = await _query(env, rec["id"])
    rec["name"] = "demo_after"
    assert (await env.client.post("/gencode/table/save", json=rec, headers=env.headers())).status_code == 200
    assert (await sync(env, rec["id"], "1")).status_code == 200
    # then the row is in the renamed table and no orphan is left behind
    with engine.begin() as conn:
        assert conn.execute(text("SELECT title FROM demo_after")).scalar() == "kept"
        assert conn.execute(text("SELECT to_regclass('demo_before')")).scalar() is None
        conn.execute(text("DROP TABLE demo_after"))
    engine.dispose()


# --- property: random design changes never lose a value without a forced sync -----------------

TYPES = ["varchar(3)", "varchar(12)", "varchar(40)", "text", "integer", "bigint"]


def _fits(value: str, jdbc: str) -> bool:
    if jdbc.startswith("varchar"):
        return len(value) <= int(jdbc[8:-1])
    if jdbc in ("integer", "bigint"):
        return value.lstrip("-").isdigit() and len(value) < 10 and not (len(value) > 1 and value[0] == "0")
    return True


values = st.one_of(
    st.text(alphabet="abcxyz 中文", max_size=30),
    st.integers(-99999, 99999).map(str),
    st.sampled_from(["007", " 5"]),
)
changes = st.lists(
    st.one_of(
        st.tuples(st.just("type"), st.integers(0, 2), st.sampled_from(TYPES)),
        st.tuples(st.just("rename_column"), st.integers(0, 2), st.none()),
        st.tuples(st.just("rename_and_type"), st.integers(0, 2), st.sampled_from(TYPES)),
        st.tuples(st.just("rename_table"), st.none(), st.none()),
        st.tuples(st.just("insert"), st.lists(values, min_size=3, max_size=3), st.none()),
    ),
    min_size=1,
    max_size=8,
)


def _design(name: str, synced: str | None, cols: list[list[str | None]]) -> ddl.Design:
    return ddl.Design(
        name=name,
        comment="",
        synced_name=synced,
        columns=[
            ddl.DesignColumn("id", "varchar(64)", nullable=False, is_pk=True, comment=""),
            *(
                ddl.DesignColumn(n, t, nullable=True, is_pk=False, comment="", synced_name=s)
                for n, t, s in cols
            ),
        ],
    )


@pytest.fixture(scope="module")
def app_engine(databases: tuple[str, str]) -> Engine:
    engine = create_engine(sync_url(databases[1]))
    yield engine
    engine.dispose()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=changes)
@example(steps=[("insert", ["abcdefgh", "007", " 5"], None), ("type", 0, "varchar(3)")])
@example(steps=[("insert", ["abc", "007", " 5"], None), ("type", 1, "integer"), ("type", 2, "bigint")])
@example(
    steps=[("insert", ["abc", "x", "y"], None), ("rename_table", None, None), ("rename_column", 0, None)]
)
@example(steps=[("insert", ["abcdefghij", "x", "y"], None), ("rename_and_type", 0, "varchar(3)")])
def test_random_design_changes_never_lose_a_stored_value_in_a_normal_sync(app_engine, steps) -> None:
    name = f"prop_{uuid.uuid4().hex[:10]}"
    cols: list[list[str | None]] = [[f"c{i}", "varchar(40)", None] for i in range(3)]
    ddl.synchronise(app_engine, _design(name, None, cols), ddl.FORCE)
    synced_name, synced_cols = name, [[n, t, n] for n, t, _ in cols]
    rows: dict[str, list[str | None]] = {}
    for kind, arg, new_type in steps:
        cols = [list(c) for c in synced_cols]
        if kind == "insert":
            row_id = uuid.uuid4().hex
            fitted = [v if _fits(v, c[1]) else None for v, c in zip(arg, cols, strict=True)]
            with app_engine.begin() as conn:
                names = ", ".join(c[0] for c in cols)
                conn.execute(
                    text(f"INSERT INTO {synced_name} (id, {names}) VALUES (:id, :a, :b, :c)"),  # noqa: S608
                    {"id": row_id, "a": fitted[0], "b": fitted[1], "c": fitted[2]},
                )
            rows[row_id] = fitted
            continue
        if kind == "type":
            cols[arg][1] = new_type
        elif kind == "rename_column":
            cols[arg][0] = f"{cols[arg][0].split('_')[0]}_{uuid.uuid4().hex[:4]}"
        elif kind == "rename_and_type":  # one save renames and retypes the column
            cols[arg][0] = f"{cols[arg][0].split('_')[0]}_{uuid.uuid4().hex[:4]}"
            cols[arg][1] = new_type
        design_name = f"prop_{uuid.uuid4().hex[:10]}" if kind == "rename_table" else synced_name
        try:
            ddl.synchronise(app_engine, _design(design_name, synced_name, cols), ddl.KEEP)
        except LossyChange:
            pass  # refused: nothing changed, the design goes back to what is synchronised
        except Exception as exc:  # noqa: BLE001 - a refusal by the database is fine, a loss is not
            assert "cannot be cast" in str(exc) or "invalid input" in str(exc), exc
        else:
            synced_name, synced_cols = design_name, [[n, t, n] for n, t, _ in cols]
        # every stored value is still there, unchanged
        with app_engine.connect() as conn:
            names = ", ".join(c[0] for c in synced_cols)
            stored = {
                r[0]: [None if v is None else str(v) for v in r[1:]]
                for r in conn.execute(text(f"SELECT id, {names} FROM {synced_name}"))  # noqa: S608
            }
        assert stored == rows
    with app_engine.begin() as conn:
        conn.execute(text(f"DROP TABLE IF EXISTS {synced_name}"))
