"""the physical name of each synchronised table

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "gen_table_synced",
        sa.Column(
            "gen_table_id",
            sa.String(length=64),
            sa.ForeignKey("gen_table.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("name", sa.String(length=50), nullable=False),
    )
    # Tables synchronised before: their physical name is the design's name.
    op.execute(
        "INSERT INTO gen_table_synced (gen_table_id, name) SELECT id, name FROM gen_table WHERE is_sync = '1'"
    )


def downgrade() -> None:
    op.drop_table("gen_table_synced")
