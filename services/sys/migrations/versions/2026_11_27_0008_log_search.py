"""sys_log searchable at a year of rows: the distinct routes and login names (sys_log_term) and the
indexes that answer "= ANY(values)" and the sort by title, per partition (see loom_sys/log/terms.py)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from loom_sys.log import terms

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "sys_log_term",
        sa.Column("kind", sa.String(10), primary_key=True),
        sa.Column("value", sa.String(1000), primary_key=True),
    )
    # On the partitioned table: PostgreSQL creates each partition's index, and each new month's.
    op.create_index("ix_sys_log_request_uri_create_date", "sys_log", ["request_uri", "create_date"])
    op.create_index("ix_sys_log_create_by_name_create_date", "sys_log", ["create_by_name", "create_date"])
    op.create_index("ix_sys_log_title", "sys_log", ["title"])
    op.execute(terms.BACKFILL)


def downgrade() -> None:
    op.drop_index("ix_sys_log_title", "sys_log")
    op.drop_index("ix_sys_log_create_by_name_create_date", "sys_log")
    op.drop_index("ix_sys_log_request_uri_create_date", "sys_log")
    op.drop_table("sys_log_term")
