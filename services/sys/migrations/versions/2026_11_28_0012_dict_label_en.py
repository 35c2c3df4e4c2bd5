"""a dictionary value's English label (sys_dict_value.label_en), shown when the portal runs in en-US;
the seed fills it for the platform's own dictionaries

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("sys_dict_value", sa.Column("label_en", sa.String(length=100), nullable=True))


def downgrade() -> None:
    op.drop_column("sys_dict_value", "label_en")
