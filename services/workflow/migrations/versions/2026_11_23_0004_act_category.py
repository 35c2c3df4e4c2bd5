"""process categories: wf_act_category

Revision ID: 0004_act_category
Revises: 0003_flow_copy
Create Date: 2026-11-23 12:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_act_category"
down_revision: str | None = "0003_flow_copy"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "wf_act_category",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("create_by", sa.String(length=64), nullable=True),
        sa.Column("create_date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("update_by", sa.String(length=64), nullable=True),
        sa.Column("update_date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("remarks", sa.String(length=255), nullable=True),
        sa.Column("parent_id", sa.String(length=64), nullable=False, server_default="0"),
        sa.Column("parent_ids", sa.String(length=2000), nullable=False, server_default="0,"),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False, server_default="30"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name", name="uq_wf_act_category_name"),
    )
    op.create_index("ix_wf_act_category_parent_id", "wf_act_category", ["parent_id"])


def downgrade() -> None:
    op.drop_index("ix_wf_act_category_parent_id", table_name="wf_act_category")
    op.drop_table("wf_act_category")
