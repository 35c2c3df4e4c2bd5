"""What gencode's DataService is told about a data source's tables, in the same words on both of its
sides (forms asks, gencode answers): a physical column, a table to synchronise, a condition on rows
and a change of rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Column:
    """A physical column of a table."""

    name: str
    jdbc_type: str
    comments: str = ""
    is_pk: bool = False
    nullable: bool = True


@dataclass(frozen=True)
class RowFilter:
    """A condition on a column: ``op`` is eq, like or gt (``value``), or in (``values``); or, with no
    column, ``after``: the rows after the one whose sort columns hold ``value`` (a JSON array, one
    value per sort of the query), keyset paging in the query's own order."""

    column: str
    op: str
    value: str = ""
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class RowChange:
    """Rows of ``table`` inserted, updated or deleted (``kind``); an update or a delete finds its rows
    by ``key_column`` among ``key_values``."""

    table: str
    kind: str
    rows: Any = None
    key_column: str = ""
    key_values: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableSync:
    """A table gencode's sync is asked to create or alter in a data source (data kept): its columns;
    for a child table, its parent and the column pointing to it; the columns its list sorts by."""

    data_source: str
    table: str
    comments: str
    columns: Sequence[Column]
    parent_table: str = ""
    parent_table_fk: str = ""
    sort_columns: Sequence[str] = ()
