"""the log of executeSql runs, and data sets with their parameters and columns

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _stamped() -> list[sa.Column]:
    return [
        sa.Column("id", sa.String(length=64), primary_key=True),
        sa.Column("create_date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("update_date", sa.DateTime(timezone=True), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "gen_sql_run",
        sa.Column("id", sa.String(length=64), primary_key=True),
        sa.Column("data_source_id", sa.String(length=64), nullable=False, index=True),
        sa.Column("sql_text", sa.Text(), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("login_name", sa.String(length=100), nullable=False),
        sa.Column("ran_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column("row_count", sa.Integer(), nullable=True),
        sa.Column("error", sa.String(length=500), nullable=True),
    )
    op.create_table(
        "gen_data_set",
        *_stamped(),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("data_source_id", sa.String(length=64), nullable=False, index=True),
        sa.Column("sql_text", sa.Text(), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("create_by", sa.String(length=64), nullable=True),
    )
    op.create_table(
        "gen_data_set_param",
        *_stamped(),
        sa.Column("data_set_id", sa.String(length=64), nullable=False, index=True),
        sa.Column("field", sa.String(length=64), nullable=False),
        sa.Column("type", sa.String(length=20), nullable=False),
        sa.Column("default_value", sa.String(length=500), nullable=True),
        sa.Column("sort", sa.Integer(), nullable=False),
    )
    op.create_table(
        "gen_data_set_column",
        *_stamped(),
        sa.Column("data_set_id", sa.String(length=64), nullable=False, index=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("type", sa.String(length=50), nullable=False),
        sa.Column("label", sa.String(length=100), nullable=True),
        sa.Column("is_need", sa.String(length=1), nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    for table in ("gen_data_set_column", "gen_data_set_param", "gen_data_set", "gen_sql_run"):
        op.drop_table(table)
