"""The DDL that makes a data source's table match its design, as Alembic operations.

:func:`plan` compares the design with the reflected table and returns steps; each step is an
Alembic operation, so every dialect gets its own DDL. The same steps are rendered as SQL for
the preview (``as_sql``) and run on a live connection for the sync. A step that can lose data
says so.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from alembic.migration import MigrationContext
from alembic.operations import Operations
from sqlalchemy import Connection, Engine, inspect

from loom_gencode.sync.errors import LossyChange
from loom_gencode.table import column_types as types

KEEP, FORCE = "1", "2"


@dataclass(frozen=True)
class DesignColumn:
    """What the design says about a column."""

    name: str
    jdbc_type: str
    nullable: bool
    is_pk: bool
    comment: str
    synced_name: str | None = None


@dataclass(frozen=True)
class Design:
    """What the design says about a table; ``synced_name`` is its name at the last sync."""

    name: str
    comment: str
    columns: list[DesignColumn]
    synced_name: str | None = None


@dataclass
class Step:
    """One Alembic operation; ``lossy`` when it can lose data."""

    run: Callable[[Operations], Any]
    lossy: bool = False
    note: str = ""
    sql: list[str] = field(default_factory=list)
    # For a type change: the column and its old and new types (to check the stored values), and
    # the column the values are stored in now when it is another (a rename copies them over).
    column: str | None = None
    old_type: Any = None
    new_type: Any = None
    source: str | None = None


def _dialect_family(conn: Connection | Engine) -> str:
    return "mysql" if conn.dialect.name in ("mysql", "mariadb") else "postgresql"


def _column(design: DesignColumn, family: str, *, nullable: bool | None = None) -> sa.Column[Any]:
    return sa.Column(
        design.name,
        types.parse(design.jdbc_type, family, design.name),
        primary_key=design.is_pk,
        nullable=design.nullable and not design.is_pk if nullable is None else nullable,
        comment=design.comment or None,
    )


def _physical(inspector: Any, design: Design) -> str | None:
    """The table the design's data is in now: its own name, else the name it was synced under."""
    if inspector.has_table(design.name):
        return design.name
    old = design.synced_name
    if old and old.lower() != design.name.lower() and inspector.has_table(old):
        return old
    return None


def plan(conn: Connection, design: Design, mode: str) -> list[Step]:
    """The steps that bring the physical table to the design (``mode`` '1' keep data, '2' re-create).

    A design renamed since its last sync renames the table, rows and all.
    """
    family = _dialect_family(conn)
    inspector = inspect(conn)
    physical = _physical(inspector, design)
    if mode == FORCE or physical is None:
        return _recreate(design, family, physical)
    steps: list[Step] = []
    if physical != design.name:
        steps.append(
            Step(
                lambda op: op.rename_table(physical, design.name),
                note=f"rename table {physical} -> {design.name}",
            )
        )
    actual = {c["name"].lower(): c for c in inspector.get_columns(physical)}
    comment = (inspector.get_table_comment(physical) or {}).get("text") or ""
    rows = conn.execute(sa.select(sa.func.count()).select_from(sa.table(physical))).scalar_one()
    wanted = {c.name.lower() for c in design.columns}
    renamed: set[str] = set()
    for column in design.columns:
        key = column.name.lower()
        if key in actual:
            steps += _alter(design.name, column, actual[key], conn, family)  # type: ignore[arg-type]
            continue
        source = (column.synced_name or "").lower()
        if source and source in actual and source not in wanted:
            renamed.add(source)
            steps += _rename(design.name, column, actual[source], family, conn.dialect)  # type: ignore[arg-type]
        else:
            steps += _add(design.name, column, family, has_rows=rows > 0)
    for name, reflected in actual.items():
        if name in wanted or name in renamed:
            continue
        if _holds_data(conn, physical, reflected["name"]):
            continue  # never drop a column that holds data
        steps.append(
            Step(lambda op, n=reflected["name"]: op.drop_column(design.name, n), note="empty column")  # type: ignore[misc]
        )
    if (design.comment or "") != comment:
        steps.append(
            Step(
                lambda op: op.create_table_comment(
                    design.name, design.comment or "", existing_comment=comment or None
                )
            )
        )
    return steps


@dataclass(frozen=True)
class ValueChange:
    """A step that would change stored values, and how many rows hold one it would change."""

    step: Step
    rows: int


def changed_values(conn: Connection, table: str, steps: list[Step]) -> ValueChange | None:
    """The first type change (or renamed column's copy) that would lose or alter a stored value of
    ``table``, with the number of rows it would change.

    Every type change is checked, not only those the type names call narrowing (numeric(10,2) to
    numeric(30,0) is wider and still rounds every cent). On PostgreSQL each value is cast to the new
    type and back: a value that does not come back the same (or cannot be cast at all) would be
    changed. Elsewhere any stored value of a narrowing change counts.
    """
    for step in steps:
        if step.column is None:
            continue
        stored = step.source or step.column
        if _dialect_family(conn) != "postgresql":
            rows = _non_null(conn, table, stored) if step.lossy else 0
        else:
            rows = _changed_rows(conn, table, stored, step)
        if rows:
            return ValueChange(step, rows)
    return None


def _non_null(conn: Connection, table: str, column: str) -> int:
    target = sa.table(table, sa.column(column))
    stmt = sa.select(sa.func.count()).select_from(target).where(target.c[column].is_not(None))
    return int(conn.execute(stmt).scalar_one())


def _changed_rows(conn: Connection, table: str, column: str, step: Step) -> int:
    """Rows whose value the cast to the new type changes; when some value cannot be cast at all,
    the rows PostgreSQL 16's soft input check refuses or changes (else every stored value)."""
    target = sa.table(table, sa.column(column))
    value = target.c[column]
    round_trip = sa.cast(sa.cast(value, step.new_type), step.old_type)
    changed = value.is_not(None) & round_trip.is_distinct_from(value)
    try:
        with conn.begin_nested():
            return int(
                conn.execute(sa.select(sa.func.count()).select_from(target).where(changed)).scalar_one()
            )
    except sa.exc.DBAPIError:
        pass  # a value the new type cannot hold at all
    if conn.dialect.server_version_info < (16,):
        return _non_null(conn, table, column)
    new_type = step.new_type.compile(dialect=conn.dialect)
    valid = sa.func.pg_input_is_valid(sa.cast(value, sa.Text), new_type)
    refused = value.is_not(None) & sa.case((valid, round_trip.is_distinct_from(value)), else_=sa.true())
    try:
        with conn.begin_nested():
            return int(
                conn.execute(sa.select(sa.func.count()).select_from(target).where(refused)).scalar_one()
            )
    except sa.exc.DBAPIError:
        return _non_null(conn, table, column)


def _recreate(design: Design, family: str, physical: str | None) -> list[Step]:
    steps: list[Step] = []
    if physical is not None:
        steps.append(Step(lambda op: op.drop_table(physical), lossy=True, note="drop table"))
    steps.append(
        Step(
            lambda op: op.create_table(
                design.name, *[_column(c, family) for c in design.columns], comment=design.comment or None
            )
        )
    )
    return steps


def _add(table: str, column: DesignColumn, family: str, *, has_rows: bool) -> list[Step]:
    # A NOT NULL column cannot be added to a table with rows without a default: add it
    # nullable and then ask for NOT NULL, which fails (and says so) only if rows stay empty.
    if column.nullable or not has_rows or column.is_pk:
        return [Step(lambda op: op.add_column(table, _column(column, family)))]
    return [
        Step(lambda op: op.add_column(table, _column(column, family, nullable=True))),
        Step(
            lambda op: op.alter_column(
                table, column.name, nullable=False, existing_type=types.parse(column.jdbc_type, family)
            )
        ),
    ]


def _rename(
    table: str, column: DesignColumn, old: dict[str, Any], family: str, dialect: sa.Dialect
) -> list[Step]:
    """Add the new column, copy the old one's values into it, then drop the old one."""
    new_type = types.parse(column.jdbc_type, family, column.name)

    def copy(op: Operations) -> None:
        target = sa.table(table, sa.column(column.name), sa.column(old["name"]))
        op.execute(target.update().values({column.name: sa.cast(target.c[old["name"]], new_type)}))

    copied = Step(copy, note=f"rename: copy {old['name']} -> {column.name}")
    # the copy casts: its values are checked like a type change's, where they are stored now
    copied.column, copied.source, copied.old_type, copied.new_type = (
        column.name,
        old["name"],
        old["type"],
        new_type,
    )
    copied.lossy = not types.widening(types.render(old["type"], dialect), column.jdbc_type)
    steps = [
        Step(lambda op: op.add_column(table, _column(column, family, nullable=True)), note="rename: add"),
        copied,
    ]
    if not column.nullable:
        steps.append(
            Step(lambda op: op.alter_column(table, column.name, nullable=False, existing_type=new_type))
        )
    steps.append(Step(lambda op: op.drop_column(table, old["name"]), note="rename: drop copied column"))
    return steps


def _alter(
    table: str, column: DesignColumn, actual: dict[str, Any], conn: Connection, family: str
) -> list[Step]:
    new_type = types.parse(column.jdbc_type, family, column.name)
    old_text = types.render(actual["type"], conn.dialect)
    type_changed = not types.same(old_text, column.jdbc_type, conn.dialect)
    nullable = column.nullable and not column.is_pk
    comment = column.comment or None
    old_comment = actual.get("comment") or None
    if not type_changed and bool(actual["nullable"]) == nullable and comment == old_comment:
        return []
    kwargs: dict[str, Any] = {
        "existing_type": actual["type"],
        "existing_nullable": bool(actual["nullable"]),
        "existing_comment": old_comment,
    }
    if type_changed:
        kwargs["type_"] = new_type
        if family == "postgresql":
            compiled = new_type.compile(dialect=conn.dialect)
            kwargs["postgresql_using"] = f'"{column.name}"::{compiled}'
    if bool(actual["nullable"]) != nullable:
        kwargs["nullable"] = nullable
    if comment != old_comment:
        kwargs["comment"] = comment
    lossy = type_changed and not types.widening(old_text, column.jdbc_type)
    note = f"{old_text} -> {column.jdbc_type}" if type_changed else ""
    step = Step(lambda op: op.alter_column(table, column.name, **kwargs), lossy=lossy, note=note)
    if type_changed:
        step.column, step.old_type, step.new_type = column.name, actual["type"], new_type
    return [step]


def _holds_data(conn: Connection, table: str, column: str) -> bool:
    target = sa.table(table, sa.column(column))
    stmt = sa.select(sa.literal(1)).select_from(target).where(target.c[column].is_not(None)).limit(1)
    return conn.execute(stmt).first() is not None


def render(conn: Connection, steps: list[Step]) -> list[Step]:
    """Fills each step's ``sql`` with the statements it would run (nothing is executed)."""
    buffer = io.StringIO()
    context = MigrationContext.configure(
        dialect_name=conn.dialect.name, opts={"as_sql": True, "output_buffer": buffer, "literal_binds": True}
    )
    operations = Operations(context)
    for step in steps:
        start = buffer.tell()
        step.run(operations)
        text = buffer.getvalue()[start:]
        step.sql = [s.strip() for s in text.split(";\n") if s.strip()]
    return steps


def apply(conn: Connection, steps: list[Step]) -> None:
    """Runs the steps on ``conn`` (in its transaction where the database has transactional DDL)."""
    operations = Operations(MigrationContext.configure(connection=conn))
    for step in steps:
        step.run(operations)


def preview(engine: Engine, design: Design, mode: str) -> list[Step]:
    """The steps a sync would run, with their SQL."""
    with engine.connect() as conn:
        return render(conn, plan(conn, design, mode))


def synchronise(engine: Engine, design: Design, mode: str) -> list[Step]:
    """Plans and runs a sync in one transaction; returns the steps with their SQL.

    A normal sync (keep data) that would lose or alter a stored value changes nothing and
    raises :class:`LossyChange` naming the column and the rows; only a forced sync may.
    """
    with engine.begin() as conn:
        steps = render(conn, plan(conn, design, mode))
        if mode == KEEP:
            physical = _physical(inspect(conn), design) or design.name
            # Type changes run after a table rename: the stored values are still under the old name.
            change = changed_values(conn, physical, steps)
            if change is not None:
                raise LossyChange(column=change.step.column or "", change=change.step.note, rows=change.rows)
        apply(conn, steps)
    return steps


def drop(engine: Engine, name: str) -> bool:
    """Drops the physical table if it exists."""
    with engine.begin() as conn:
        if not inspect(conn).has_table(name):
            return False
        Operations(MigrationContext.configure(connection=conn)).drop_table(name)
        return True
