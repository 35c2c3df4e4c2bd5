"""act_ru_identitylink's user, group and task indexes hold candidate links only

Revision ID: 0012_candidate_links
Revises: 0011_actinst_mi_scope
Create Date: 2026-11-28 15:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012_candidate_links"
down_revision: str | None = "0011_actinst_mi_scope"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CANDIDATE = sa.text("type = 'candidate'")
INDEXES = {
    "ix_act_ru_identitylink_user": ["user_id", "type", "task_id"],
    "ix_act_ru_identitylink_group": ["group_id", "type", "task_id"],
    "ix_act_ru_identitylink_task": ["task_id"],
}


def upgrade() -> None:
    # Every query of these indexes asks for candidate links (the to-do list, the task form's check,
    # notices, copies); an instance's participant link (one per user who handled a task) added an entry
    # to each, NULL group and task included: 3 of the 5 index entries of such a link (issue 38).
    for name, columns in INDEXES.items():
        op.drop_index(name, table_name="act_ru_identitylink")
        op.create_index(name, "act_ru_identitylink", columns, postgresql_where=CANDIDATE)


def downgrade() -> None:
    for name, columns in INDEXES.items():
        op.drop_index(name, table_name="act_ru_identitylink")
        op.create_index(name, "act_ru_identitylink", columns)
