"""a dictionary's English description (sys_dict_type.description_en), shown when the portal runs in
en-US; the seed fills it for the platform's own dictionaries

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("sys_dict_type", sa.Column("description_en", sa.String(length=100), nullable=True))


def downgrade() -> None:
    op.drop_column("sys_dict_type", "description_en")
