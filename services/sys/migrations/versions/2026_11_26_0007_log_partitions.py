"""sys_log partitioned by month of create_date (a year of logs stays quick to list and to prune)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from loom_sys.log import partitions

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES = ("ix_sys_log_type", "ix_sys_log_create_by", "ix_sys_log_create_date")


def upgrade() -> None:
    bind = op.get_bind()
    op.execute("ALTER TABLE sys_log RENAME TO sys_log_unpartitioned")
    op.execute("ALTER TABLE sys_log_unpartitioned DROP CONSTRAINT sys_log_pkey")
    for index in INDEXES:
        op.execute(f"DROP INDEX IF EXISTS {index}")
    # A partitioned table's key holds its partition column: a row is (id, create_date); a
    # redelivered event carries both again, so storing stays idempotent.
    op.execute(
        "CREATE TABLE sys_log (LIKE sys_log_unpartitioned INCLUDING DEFAULTS, PRIMARY KEY (id, create_date))"
        " PARTITION BY RANGE (create_date)"
    )
    op.execute(f"CREATE TABLE {partitions.DEFAULT} PARTITION OF sys_log DEFAULT")
    today = datetime.now(UTC).date()
    oldest = bind.execute(sa.text("SELECT min(create_date) FROM sys_log_unpartitioned")).scalar()
    wanted = partitions.months(min(oldest.date(), today) if oldest else today, today)
    for statement in partitions.ensure(sorted({*wanted, *partitions.ahead(today)})):
        bind.exec_driver_sql(statement)
    op.execute("INSERT INTO sys_log SELECT * FROM sys_log_unpartitioned")
    op.execute("DROP TABLE sys_log_unpartitioned")
    # The list is newest first, narrowed by type or by user: each an ordered index per month.
    op.create_index("ix_sys_log_create_date", "sys_log", ["create_date"])
    op.create_index("ix_sys_log_type_create_date", "sys_log", ["type", "create_date"])
    op.create_index("ix_sys_log_create_by_create_date", "sys_log", ["create_by", "create_date"])


def downgrade() -> None:
    op.execute("CREATE TABLE sys_log_flat (LIKE sys_log INCLUDING DEFAULTS)")
    op.execute("INSERT INTO sys_log_flat SELECT * FROM sys_log")
    op.execute("DROP TABLE sys_log")
    op.execute("ALTER TABLE sys_log_flat RENAME TO sys_log")
    op.execute("ALTER TABLE sys_log ADD PRIMARY KEY (id)")
    op.create_index("ix_sys_log_type", "sys_log", ["type"])
    op.create_index("ix_sys_log_create_by", "sys_log", ["create_by"])
    op.create_index("ix_sys_log_create_date", "sys_log", ["create_date"])
