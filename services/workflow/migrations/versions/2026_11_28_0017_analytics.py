"""流程分析: facts per finished instance and per node, their daily rollups, the queue a trigger on
act_hi_procinst feeds as instances end, and an index for the running instances of a definition

Revision ID: 0017_analytics
Revises: 0016_process_tests
Create Date: 2026-11-28 22:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017_analytics"
down_revision: str | None = "0016_process_tests"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_QUEUE = """
CREATE FUNCTION wf_an_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO wf_an_pending (proc_inst_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$
"""


def upgrade() -> None:
    op.create_table("wf_an_pending", sa.Column("proc_inst_id", sa.String(64), primary_key=True))
    op.create_table(
        "wf_an_instance",
        sa.Column("proc_inst_id", sa.String(64), primary_key=True),
        sa.Column("proc_def_id", sa.String(255), nullable=False),
        sa.Column("start_user_id", sa.String(64)),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("duration_ms", sa.BigInteger(), nullable=False),
        sa.Column("bucket", sa.SmallInteger(), nullable=False),
        sa.Column("path", sa.Text(), nullable=False),
        sa.Column("backs", sa.Integer(), nullable=False),
        sa.Column("revoked", sa.Boolean(), nullable=False),
        sa.Column("overdue", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_wf_an_instance_user", "wf_an_instance", ["proc_def_id", "start_user_id", "day"])
    op.create_table(
        "wf_an_node",
        sa.Column("proc_inst_id", sa.String(64), primary_key=True),
        sa.Column("act_id", sa.String(255), primary_key=True),
        sa.Column("proc_def_id", sa.String(255), nullable=False),
        sa.Column("start_user_id", sa.String(64)),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("wait_ms", sa.BigInteger(), nullable=False),
        sa.Column("bucket", sa.SmallInteger(), nullable=False),
        sa.Column("overdue", sa.Boolean(), nullable=False),
    )
    op.create_index(
        "ix_wf_an_node_user",
        "wf_an_node",
        ["proc_def_id", "start_user_id", "day"],
        postgresql_include=["act_id", "bucket", "wait_ms", "overdue"],
    )
    op.create_table(
        "wf_an_day",
        sa.Column("proc_def_id", sa.String(255), primary_key=True),
        sa.Column("day", sa.Date(), primary_key=True),
        sa.Column("act_id", sa.String(255), primary_key=True),
        sa.Column("bucket", sa.SmallInteger(), primary_key=True),
        sa.Column("n", sa.BigInteger(), nullable=False),
        sa.Column("total_ms", sa.BigInteger(), nullable=False),
        sa.Column("overdue", sa.BigInteger(), nullable=False),
        sa.Column("backs", sa.BigInteger(), nullable=False),
        sa.Column("revoked", sa.BigInteger(), nullable=False),
    )
    op.create_table(
        "wf_an_path_day",
        sa.Column("proc_def_id", sa.String(255), primary_key=True),
        sa.Column("day", sa.Date(), primary_key=True),
        sa.Column("path_hash", sa.String(32), primary_key=True),
        sa.Column("path", sa.Text(), nullable=False),
        sa.Column("n", sa.BigInteger(), nullable=False),
    )
    # the running instances of a definition (流程分析's running count) without reading the ended ones
    op.create_index(
        "ix_act_hi_procinst_running_def",
        "act_hi_procinst",
        ["proc_def_id", "start_time"],
        postgresql_where=sa.text("end_time IS NULL"),
    )
    op.execute(_QUEUE)
    # a trigger rather than the history workers: every writer of history (workers, imports, seeds)
    # queues the instances it ends
    op.execute(
        "CREATE TRIGGER wf_an_ended_insert AFTER INSERT ON act_hi_procinst FOR EACH ROW "
        "WHEN (NEW.end_time IS NOT NULL) EXECUTE FUNCTION wf_an_queue()"
    )
    op.execute(
        "CREATE TRIGGER wf_an_ended_update AFTER UPDATE OF end_time ON act_hi_procinst FOR EACH ROW "
        "WHEN (OLD.end_time IS NULL AND NEW.end_time IS NOT NULL) EXECUTE FUNCTION wf_an_queue()"
    )
    op.execute("INSERT INTO wf_an_pending SELECT id FROM act_hi_procinst WHERE end_time IS NOT NULL")


def downgrade() -> None:
    op.execute("DROP TRIGGER wf_an_ended_update ON act_hi_procinst")
    op.execute("DROP TRIGGER wf_an_ended_insert ON act_hi_procinst")
    op.execute("DROP FUNCTION wf_an_queue()")
    op.drop_index("ix_act_hi_procinst_running_def", table_name="act_hi_procinst")
    for table in ("wf_an_path_day", "wf_an_day", "wf_an_node", "wf_an_instance", "wf_an_pending"):
        op.drop_table(table)
