"""office manager and deputy (users)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("sys_office", sa.Column("primary_person_id", sa.String(length=64), nullable=True))
    op.add_column("sys_office", sa.Column("deputy_person_id", sa.String(length=64), nullable=True))


def downgrade() -> None:
    op.drop_column("sys_office", "deputy_person_id")
    op.drop_column("sys_office", "primary_person_id")
