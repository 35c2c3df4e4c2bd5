"""The key columns of a link table (``sys_user_role``, ``sys_role_menu``, …): each part of its
primary key refers to a row of another table and goes with that row."""

from __future__ import annotations

from typing import Any

from sqlmodel import Field


def link_key(table: str, *, index: bool = False) -> Any:
    """A part of a link table's primary key: the id of a row of ``table``, deleted with it.
    ``index`` where rows are also looked up by this part alone (not the key's first column)."""
    return Field(primary_key=True, max_length=64, foreign_key=f"{table}.id", ondelete="CASCADE", index=index)
