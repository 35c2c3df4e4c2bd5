"""app_module_version.generated_by: who generated a version (they and the administrator read its log)

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-28 16:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0003'
down_revision: str | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Empty for versions received before: their logs are the administrator's to read.
    op.add_column('app_module_version', sa.Column('generated_by', sa.String(length=64), nullable=False, server_default=''))


def downgrade() -> None:
    op.drop_column('app_module_version', 'generated_by')
