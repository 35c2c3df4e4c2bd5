"""open history indexes: the engine loads only the open activity and task rows of an instance

Revision ID: 0005_open_history
Revises: 0004_act_category
Create Date: 2026-11-23 12:15:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_open_history"
down_revision: str | None = "0004_act_category"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Partial indexes stay as small as the running work, however long history grows.
    op.create_index(
        "ix_act_hi_actinst_open",
        "act_hi_actinst",
        ["proc_inst_id"],
        postgresql_where=sa.text("end_time IS NULL"),
    )
    op.create_index(
        "ix_act_hi_taskinst_open",
        "act_hi_taskinst",
        ["proc_inst_id"],
        postgresql_where=sa.text("end_time IS NULL"),
    )
    op.execute("ANALYZE act_hi_actinst, act_hi_taskinst")


def downgrade() -> None:
    op.drop_index("ix_act_hi_taskinst_open", table_name="act_hi_taskinst")
    op.drop_index("ix_act_hi_actinst_open", table_name="act_hi_actinst")
