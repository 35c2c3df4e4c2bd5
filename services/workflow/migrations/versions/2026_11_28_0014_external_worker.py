"""wf_external_worker: the credentials of external-task workers (their topics and token hash)

Revision ID: 0014_external_worker
Revises: 0013_decisions_external
Create Date: 2026-11-28 16:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0014_external_worker"
down_revision: str | None = "0013_decisions_external"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "wf_external_worker",
        sa.Column("id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("create_by", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("create_date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("update_by", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("update_date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("remarks", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=True),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("topics", sa.Text(), nullable=False),
        sa.Column("enabled", sqlmodel.sql.sqltypes.AutoString(length=1), nullable=False),
        sa.Column("token_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("token_hint", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=True),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )


def downgrade() -> None:
    op.drop_table("wf_external_worker")
