"""create apps tables

Revision ID: 0001
Revises:
Create Date: 2026-11-26 07:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0001'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = (sa, sqlmodel)


def upgrade() -> None:
    op.create_table('app_module',
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('table_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('table_name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('permission', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('version', sa.BigInteger(), nullable=False),
    sa.Column('state', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('live_version', sa.BigInteger(), nullable=True),
    sa.Column('update_date', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('name')
    )
    op.create_index(op.f('ix_app_module_table_id'), 'app_module', ['table_id'], unique=False)
    op.create_table('app_module_version',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('version', sa.BigInteger(), nullable=False),
    sa.Column('package', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('backend', sa.LargeBinary(), nullable=False),
    sa.Column('frontend', sa.LargeBinary(), nullable=False),
    sa.Column('pages', sa.Text(), nullable=False),
    sa.Column('state', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('log', sa.Text(), nullable=False),
    sa.Column('claimed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('create_date', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('name', 'version')
    )
    op.create_index(op.f('ix_app_module_version_name'), 'app_module_version', ['name'], unique=False)
    op.create_table('loom_inbox',
    sa.Column('consumer', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('message_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('handled_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('consumer', 'message_id')
    )
    op.create_table('loom_outbox',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('subject', sa.String(length=255), nullable=False),
    sa.Column('payload', sa.LargeBinary(), nullable=False),
    sa.Column('headers', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('published_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_loom_outbox_unpublished', 'loom_outbox', ['created_at'], unique=False, postgresql_where=sa.text('published_at IS NULL'))


def downgrade() -> None:
    op.drop_index('ix_loom_outbox_unpublished', table_name='loom_outbox', postgresql_where=sa.text('published_at IS NULL'))
    op.drop_table('loom_outbox')
    op.drop_table('loom_inbox')
    op.drop_index(op.f('ix_app_module_version_name'), table_name='app_module_version')
    op.drop_table('app_module_version')
    op.drop_index(op.f('ix_app_module_table_id'), table_name='app_module')
    op.drop_table('app_module')
