"""historic variables (act_hi_varinst) and the candidate-group index for todo

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 10:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "act_hi_varinst",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("rev", sa.Integer(), server_default="1", nullable=False),
        sa.Column("proc_inst_id", sa.String(length=64), nullable=False),
        sa.Column("execution_id", sa.String(length=64), nullable=False),
        sa.Column("task_id", sa.String(length=64), nullable=True),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("type_name", sa.String(length=32), nullable=False),
        sa.Column("value", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("create_time", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_updated_time", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_act_hi_varinst_proc_inst", "act_hi_varinst", ["proc_inst_id", "name"])
    # Existing instances: their current variables become history rows.
    op.execute(
        "INSERT INTO act_hi_varinst (id, proc_inst_id, execution_id, task_id, name, type_name, value, "
        "create_time, last_updated_time) SELECT id, proc_inst_id, execution_id, task_id, name, type_name, "
        "value, now(), now() FROM act_ru_variable"
    )
    op.create_index(
        "ix_act_ru_identitylink_group", "act_ru_identitylink", ["group_id", "type", "task_id"]
    )


def downgrade() -> None:
    op.drop_index("ix_act_ru_identitylink_group", table_name="act_ru_identitylink")
    op.drop_index("ix_act_hi_varinst_proc_inst", table_name="act_hi_varinst")
    op.drop_table("act_hi_varinst")
