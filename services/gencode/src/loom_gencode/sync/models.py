"""What was last synchronised: the physical name a design's table has in its data source."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, event, inspect
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlmodel import Field, SQLModel

from loom_gencode.table.models import GenTable


class SyncedTable(SQLModel, table=True):
    """The name under which a design's table exists, so renaming the design renames the table."""

    __tablename__ = "gen_table_synced"

    gen_table_id: str = Field(primary_key=True, max_length=64, foreign_key="gen_table.id", ondelete="CASCADE")
    name: str = Field(max_length=50)


@event.listens_for(GenTable, "before_update")
def _remember_physical_name(_mapper: Any, connection: Connection, target: GenTable) -> None:
    """A synchronised (or imported) design being renamed: remember the name its table has.

    The first name wins; the next sync renames the table to the design's name and records it.
    """
    history = inspect(target).attrs.name.history
    if not history.deleted or target.is_sync != "1":
        return
    stmt = pg_insert(SyncedTable).values(gen_table_id=target.id, name=str(history.deleted[0]))
    connection.execute(stmt.on_conflict_do_nothing())
