"""flow copies (抄送): wf_flow_copy

Revision ID: 0003_flow_copy
Revises: 0002
Create Date: 2026-11-23 11:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_flow_copy"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "wf_flow_copy",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("create_by", sa.String(length=64), nullable=True),
        sa.Column("create_date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("update_by", sa.String(length=64), nullable=True),
        sa.Column("update_date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("remarks", sa.String(length=255), nullable=True),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("proc_def_id", sa.String(length=64), nullable=False),
        sa.Column("proc_ins_id", sa.String(length=64), nullable=False),
        sa.Column("proc_def_name", sa.String(length=255), nullable=True),
        sa.Column("proc_ins_name", sa.String(length=255), nullable=True),
        sa.Column("task_id", sa.String(length=64), nullable=False, server_default=""),
        sa.Column("task_name", sa.String(length=255), nullable=True),
        sa.Column("status", sa.String(length=1), nullable=False, server_default="0"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "proc_ins_id", "task_id", name="uq_wf_flow_copy"),
    )
    op.create_index("ix_wf_flow_copy_user", "wf_flow_copy", ["user_id", "status", "create_date"])
    op.create_index("ix_wf_flow_copy_proc_ins_id", "wf_flow_copy", ["proc_ins_id"])


def downgrade() -> None:
    op.drop_index("ix_wf_flow_copy_proc_ins_id", table_name="wf_flow_copy")
    op.drop_index("ix_wf_flow_copy_user", table_name="wf_flow_copy")
    op.drop_table("wf_flow_copy")
