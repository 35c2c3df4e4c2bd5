"""act_ru_execution's super-execution index holds only called sub-processes' executions

Revision ID: 0010_partial_super
Revises: 0009_notice
Create Date: 2026-11-27 20:15:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_partial_super"
down_revision: str | None = "0009_notice"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every execution added a NULL entry (2 per process of a plain flow, ~112 B of WAL); a lookup by
    # super execution (equality) still finds its rows in the partial index.
    op.drop_index("ix_act_ru_execution_super", table_name="act_ru_execution")
    op.create_index(
        "ix_act_ru_execution_super",
        "act_ru_execution",
        ["super_execution_id"],
        postgresql_where=sa.text("super_execution_id IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_act_ru_execution_super", table_name="act_ru_execution")
    op.create_index("ix_act_ru_execution_super", "act_ru_execution", ["super_execution_id"])
