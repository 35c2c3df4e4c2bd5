"""app_module_version.remote: the module's pages built into a module-federated remote

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A zip of remoteEntry.js and its chunks; empty for versions built before the host built pages.
    op.add_column('app_module_version', sa.Column('remote', sa.LargeBinary(), nullable=False, server_default=sa.text("''::bytea")))


def downgrade() -> None:
    op.drop_column('app_module_version', 'remote')
