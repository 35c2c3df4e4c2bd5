"""the last generated content of each file, the base of a regeneration's three-way merge

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "gen_generated_file",
        sa.Column("path", sa.String(length=1000), primary_key=True),
        sa.Column(
            "gen_table_id",
            sa.String(length=64),
            sa.ForeignKey("gen_table.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("update_date", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_gen_generated_file_gen_table_id", "gen_generated_file", ["gen_table_id"])


def downgrade() -> None:
    op.drop_index("ix_gen_generated_file_gen_table_id", table_name="gen_generated_file")
    op.drop_table("gen_generated_file")
