"""in-app notices: wf_notice

Revision ID: 0009_notice
Revises: 0008_flow_copy_follows
Create Date: 2026-11-26 10:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009_notice"
down_revision: str | None = "0008_flow_copy_follows"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "wf_notice",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("source", sa.String(length=160), nullable=False),
        sa.Column("proc_inst_id", sa.String(length=64), nullable=False, server_default=""),
        sa.Column("task_id", sa.String(length=64), nullable=False, server_default=""),
        sa.Column("title", sa.String(length=255), nullable=False, server_default=""),
        sa.Column("detail", sa.String(length=500), nullable=False, server_default=""),
        sa.Column("read_flag", sa.String(length=1), nullable=False, server_default="0"),
        sa.Column("create_date", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "source", name="uq_wf_notice_source"),
    )
    op.create_index("ix_wf_notice_user", "wf_notice", ["user_id", "read_flag", "create_date"])


def downgrade() -> None:
    op.drop_index("ix_wf_notice_user", table_name="wf_notice")
    op.drop_table("wf_notice")
