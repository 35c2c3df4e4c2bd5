"""act_hi_actinst.mi_scope_id: the multi-instance instance (its scope execution) an activity ran in

Revision ID: 0011_actinst_mi_scope
Revises: 0010_partial_super
Create Date: 2026-11-27 21:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011_actinst_mi_scope"
down_revision: str | None = "0010_partial_super"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Added, not renamed: Flowable's columns stay as they are. A nullable column without default is a
    # catalog-only change (no table rewrite). Rows written before it hold NULL: the back-node rule
    # falls back to telling their instance from the executions' history for them.
    op.add_column("act_hi_actinst", sa.Column("mi_scope_id", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("act_hi_actinst", "mi_scope_id")
