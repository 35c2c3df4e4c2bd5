"""process tests (流程测试): wf_process_test (a model's cases, the draft and each deployed version's)
and wf_process_test_override (publications over failing cases, with the reason)

Revision ID: 0016_process_tests
Revises: 0015_no_execution_instance_ix
Create Date: 2026-11-28 19:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016_process_tests"
down_revision: str | None = "0015_no_execution_instance_ix"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "wf_process_test",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("model_id", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("cases", sa.Text(), nullable=False),
        sa.Column("update_by", sa.String(length=64), nullable=True),
        sa.Column("update_date", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("model_id", "version", name="uq_wf_process_test"),
    )
    op.create_table(
        "wf_process_test_override",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("model_id", sa.String(length=64), nullable=False),
        sa.Column("process_key", sa.String(length=255), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("failed", sa.Text(), nullable=False),
        sa.Column("create_by", sa.String(length=64), nullable=True),
        sa.Column("create_date", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_wf_process_test_override_model_id", "wf_process_test_override", ["model_id"])


def downgrade() -> None:
    op.drop_index("ix_wf_process_test_override_model_id", table_name="wf_process_test_override")
    op.drop_table("wf_process_test_override")
    op.drop_table("wf_process_test")
