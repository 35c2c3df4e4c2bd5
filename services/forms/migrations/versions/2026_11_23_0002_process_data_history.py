"""process data history: who saved each version and which fields it changed

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 14:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ = (sa, sqlmodel)

TABLE = 'form_process_submission'


def upgrade() -> None:
    op.add_column(TABLE, sa.Column('user_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
    op.add_column(
        TABLE, sa.Column('process_instance_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True)
    )
    op.add_column(
        TABLE,
        sa.Column('changes', postgresql.JSONB(astext_type=sa.Text()), nullable=False, server_default='[]'),
    )
    op.create_index(op.f('ix_form_process_submission_data_id'), TABLE, ['data_id'], unique=False)
    op.create_index(
        op.f('ix_form_process_submission_process_instance_id'), TABLE, ['process_instance_id'], unique=False
    )
    op.create_index(
        op.f('ix_form_process_data_process_instance_id'), 'form_process_data', ['process_instance_id'], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f('ix_form_process_data_process_instance_id'), table_name='form_process_data')
    op.drop_index(op.f('ix_form_process_submission_process_instance_id'), table_name=TABLE)
    op.drop_index(op.f('ix_form_process_submission_data_id'), table_name=TABLE)
    op.drop_column(TABLE, 'changes')
    op.drop_column(TABLE, 'process_instance_id')
    op.drop_column(TABLE, 'user_id')
