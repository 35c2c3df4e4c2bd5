"""one-time download tickets

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "sys_file_ticket",
        sa.Column("ticket_hash", sa.String(length=64), primary_key=True),
        sa.Column("source", sa.String(length=1000), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sys_file_ticket_expires_at", "sys_file_ticket", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_sys_file_ticket_expires_at", table_name="sys_file_ticket")
    op.drop_table("sys_file_ticket")
