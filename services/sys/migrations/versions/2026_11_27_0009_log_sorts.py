"""sys_log sortable by every column the log lists offer: the elapsed time (耗时, the portal's), the
request method and the address (the JeePlus client's); each an index per partition, so a sort over a
year of rows reads a page from each month's index instead of sorting them all

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SORTS = {
    "ix_sys_log_record_time": "record_time",
    "ix_sys_log_request_type": "request_type",
    "ix_sys_log_remote_addr": "remote_addr",
}


def upgrade() -> None:
    for name, column in SORTS.items():
        op.create_index(name, "sys_log", [column])


def downgrade() -> None:
    for name in SORTS:
        op.drop_index(name, "sys_log")
