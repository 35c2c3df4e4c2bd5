"""流程分析 by department: the initiator's department at the start on the facts, and daily rollups per
department, filled from the facts already written

Revision ID: 0019_analytics_department
Revises: 0018_instance_migration
Create Date: 2026-11-29 01:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019_analytics_department"
down_revision: str | None = "0018_instance_migration"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_INCLUDE = ["act_id", "bucket", "wait_ms", "overdue"]
# the department the start recorded (as loom_workflow.analytics.rollup.OFFICE_SQL reads it)
_OFFICE = (
    "(SELECT nullif(v.value #>> '{}', '') FROM act_hi_varinst v WHERE v.proc_inst_id = wf_an_instance.proc_inst_id "
    "AND v.name = 'applyUserOfficeId' AND v.task_id IS NULL LIMIT 1)"
)
_FILL = """
INSERT INTO wf_an_office_day (proc_def_id, office_id, day, act_id, bucket, n, total_ms, overdue, backs, revoked)
SELECT proc_def_id, office_id, day, '', bucket, count(*), sum(duration_ms), count(*) FILTER (WHERE overdue),
       sum(backs), count(*) FILTER (WHERE revoked)
FROM wf_an_instance WHERE office_id IS NOT NULL GROUP BY proc_def_id, office_id, day, bucket
UNION ALL
SELECT proc_def_id, office_id, day, act_id, bucket, count(*), sum(wait_ms), count(*) FILTER (WHERE overdue), 0, 0
FROM wf_an_node WHERE office_id IS NOT NULL GROUP BY proc_def_id, office_id, day, act_id, bucket;
INSERT INTO wf_an_office_path_day (proc_def_id, office_id, day, path_hash, path, n)
SELECT proc_def_id, office_id, day, md5(path), path, count(*)
FROM wf_an_instance WHERE office_id IS NOT NULL GROUP BY proc_def_id, office_id, day, path
"""


def _rollups(name: str, paths: bool) -> None:
    key = [
        sa.Column("proc_def_id", sa.String(255), primary_key=True),
        sa.Column("office_id", sa.String(64), primary_key=True),
        sa.Column("day", sa.Date(), primary_key=True),
    ]
    if paths:
        rest = [
            sa.Column("path_hash", sa.String(32), primary_key=True),
            sa.Column("path", sa.Text(), nullable=False),
            sa.Column("n", sa.BigInteger(), nullable=False),
        ]
    else:
        rest = [
            sa.Column("act_id", sa.String(255), primary_key=True),
            sa.Column("bucket", sa.SmallInteger(), primary_key=True),
            *(
                sa.Column(c, sa.BigInteger(), nullable=False)
                for c in ("n", "total_ms", "overdue", "backs", "revoked")
            ),
        ]
    op.create_table(name, *key, *rest)


def upgrade() -> None:
    for fact in ("wf_an_instance", "wf_an_node"):
        op.add_column(fact, sa.Column("office_id", sa.String(64)))
    op.execute("UPDATE wf_an_instance SET office_id = " + _OFFICE)
    op.execute(
        "UPDATE wf_an_node n SET office_id = f.office_id FROM wf_an_instance f "
        "WHERE f.proc_inst_id = n.proc_inst_id AND f.office_id IS NOT NULL"
    )
    op.create_index("ix_wf_an_instance_office", "wf_an_instance", ["proc_def_id", "office_id", "day"])
    op.create_index(
        "ix_wf_an_node_office", "wf_an_node", ["proc_def_id", "office_id", "day"], postgresql_include=_INCLUDE
    )
    _rollups("wf_an_office_day", paths=False)
    _rollups("wf_an_office_path_day", paths=True)
    for statement in _FILL.split(";"):
        op.execute(statement)


def downgrade() -> None:
    op.drop_table("wf_an_office_path_day")
    op.drop_table("wf_an_office_day")
    op.drop_index("ix_wf_an_node_office", table_name="wf_an_node")
    op.drop_index("ix_wf_an_instance_office", table_name="wf_an_instance")
    for fact in ("wf_an_node", "wf_an_instance"):
        op.drop_column(fact, "office_id")
