"""流程分析 for a data scope across departments: the initiator indexes carry the department (and what the
histograms read), so a scope's users' instances started outside its departments are found in the index
alone (analytics/queries.py, Scope.split)

Revision ID: 0020_analytics_scope
Revises: 0019_analytics_department
Create Date: 2026-11-29 03:15:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0020_analytics_scope"
down_revision: str | None = "0019_analytics_department"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_KEY = ["proc_def_id", "start_user_id", "day"]
INSTANCE_INCLUDE = ["office_id", "proc_inst_id", "bucket", "duration_ms", "backs", "revoked", "overdue"]
NODE_INCLUDE = ["office_id", "act_id", "bucket", "wait_ms", "overdue"]


def upgrade() -> None:
    op.drop_index("ix_wf_an_instance_user", table_name="wf_an_instance")
    op.create_index("ix_wf_an_instance_user", "wf_an_instance", _KEY, postgresql_include=INSTANCE_INCLUDE)
    op.drop_index("ix_wf_an_node_user", table_name="wf_an_node")
    op.create_index("ix_wf_an_node_user", "wf_an_node", _KEY, postgresql_include=NODE_INCLUDE)


def downgrade() -> None:
    op.drop_index("ix_wf_an_node_user", table_name="wf_an_node")
    op.create_index(
        "ix_wf_an_node_user",
        "wf_an_node",
        _KEY,
        postgresql_include=["act_id", "bucket", "wait_ms", "overdue"],
    )
    op.drop_index("ix_wf_an_instance_user", table_name="wf_an_instance")
    op.create_index("ix_wf_an_instance_user", "wf_an_instance", _KEY)
