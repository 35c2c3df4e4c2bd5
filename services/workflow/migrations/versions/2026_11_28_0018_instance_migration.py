"""instance migration (实例迁移): wf_migration_batch (a batch: plan, counts) and wf_migration_item (one
row per instance: moved, or left in place with the reason)

Revision ID: 0018_instance_migration
Revises: 0017_analytics
Create Date: 2026-11-28 22:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018_instance_migration"
down_revision: str | None = "0017_analytics"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "wf_migration_batch",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("source_def_id", sa.String(length=64), nullable=False),
        sa.Column("target_def_id", sa.String(length=64), nullable=False),
        sa.Column("mapping", sa.Text(), nullable=False),
        sa.Column("variables", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("moved", sa.Integer(), nullable=False),
        sa.Column("left_in_place", sa.Integer(), nullable=False),
        sa.Column("create_by", sa.String(length=64), nullable=True),
        sa.Column("create_date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finish_date", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_wf_migration_batch_source_def_id", "wf_migration_batch", ["source_def_id"])
    op.create_table(
        "wf_migration_item",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("batch_id", sa.String(length=64), nullable=False),
        sa.Column("proc_inst_id", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("changes", sa.Text(), nullable=True),
        sa.Column("finish_date", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_wf_migration_item_batch_id", "wf_migration_item", ["batch_id"])


def downgrade() -> None:
    op.drop_index("ix_wf_migration_item_batch_id", table_name="wf_migration_item")
    op.drop_table("wf_migration_item")
    op.drop_index("ix_wf_migration_batch_source_def_id", table_name="wf_migration_batch")
    op.drop_table("wf_migration_batch")
