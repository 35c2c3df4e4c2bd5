"""Reading tables of a data source with SQLAlchemy's inspector: the table designs' own walk of the
physical tables (sync engines, in a thread); what the database refuses is ``TablesUnreadable``."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, inspect

from loom_gencode.common import guarded
from loom_gencode.table.column_types import render
from loom_gencode.table.errors import TablesUnreadable


@dataclass(frozen=True)
class PhysicalColumn:
    """A column as the database describes it."""

    name: str
    jdbc_type: str
    nullable: bool
    comment: str
    is_pk: bool


@dataclass(frozen=True)
class PhysicalTable:
    """A table with its comment and columns."""

    name: str
    comment: str
    columns: list[PhysicalColumn]


async def list_tables(engine: Engine, name_filter: str = "") -> list[dict[str, Any]]:
    """``[{name, comments}]`` of the data source's tables, filtered by a name fragment."""
    return await guarded(asyncio.to_thread(_list_tables, engine, name_filter), TablesUnreadable)


async def describe(engine: Engine, names: list[str]) -> dict[str, PhysicalTable]:
    """The named tables (those that exist), with columns, types, comments, keys and nullability."""
    return await guarded(asyncio.to_thread(_describe, engine, names), TablesUnreadable)


def _list_tables(engine: Engine, name_filter: str) -> list[dict[str, Any]]:
    inspector = inspect(engine)
    needle = name_filter.strip().lower()
    comments = {key[1]: value.get("text") for key, value in inspector.get_multi_table_comment().items()}
    return [
        {"name": name, "comments": comments.get(name) or ""}
        for name in sorted(inspector.get_table_names())
        if needle in name.lower()
    ]


def _describe(engine: Engine, names: list[str]) -> dict[str, PhysicalTable]:
    inspector = inspect(engine)
    existing = set(inspector.get_table_names())
    wanted = [n for n in names if n in existing]
    if not wanted:
        return {}
    columns = inspector.get_multi_columns(filter_names=wanted)
    keys = inspector.get_multi_pk_constraint(filter_names=wanted)
    comments = inspector.get_multi_table_comment(filter_names=wanted)
    found: dict[str, PhysicalTable] = {}
    for name in wanted:
        pk = set((keys.get((None, name)) or {}).get("constrained_columns") or [])  # type: ignore[call-overload]
        found[name] = PhysicalTable(
            name=name,
            comment=((comments.get((None, name)) or {}).get("text")) or "",  # type: ignore[call-overload]
            columns=[
                PhysicalColumn(
                    name=col["name"],
                    jdbc_type=render(col["type"], engine.dialect),
                    nullable=bool(col.get("nullable", True)),
                    comment=col.get("comment") or "",
                    is_pk=col["name"] in pk,
                )
                for col in columns.get((None, name), [])
            ],
        )
    return found
