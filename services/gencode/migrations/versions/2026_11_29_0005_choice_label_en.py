"""the English label of the wizard's choices (validation, control, query and object types:
``label_en``), shown when the portal runs in en-US; the seed fills it for its own choices

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("gen_validate_type", "gen_show_type", "gen_query_type", "gen_custom_obj")


def upgrade() -> None:
    for table in TABLES:
        op.add_column(table, sa.Column("label_en", sa.String(length=100), nullable=True))


def downgrade() -> None:
    for table in TABLES:
        op.drop_column(table, "label_en")
