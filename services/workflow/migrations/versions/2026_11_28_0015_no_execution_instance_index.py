"""act_ru_execution loses its index on proc_inst_id, which no query reads

Revision ID: 0015_no_execution_instance_ix
Revises: 0014_external_worker
Create Date: 2026-11-28 16:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0015_no_execution_instance_ix"
down_revision: str | None = "0014_external_worker"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # An instance's executions are read through their tree (ix_act_ru_execution_root) or by id; no
    # statement of the product asks for them by instance (pg_stat_user_indexes.idx_scan stayed 0 over
    # the approval benchmark, and no query names the column): each execution wrote an entry for nothing.
    op.drop_index("ix_act_ru_execution_proc_inst", table_name="act_ru_execution")


def downgrade() -> None:
    op.create_index("ix_act_ru_execution_proc_inst", "act_ru_execution", ["proc_inst_id"])
