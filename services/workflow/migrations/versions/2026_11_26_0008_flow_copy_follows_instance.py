"""flow copies (抄送) go with their instance: removing an instance's history removes its copies

Revision ID: 0008_flow_copy_follows
Revises: 0007_history_queue
Create Date: 2026-11-26 08:00:00

An instance leaves history by every road (its history deleted, its definition or model deleted),
and history rows are removed by the history workers, later and in batches: a trigger on
``act_hi_procinst`` removes the copies in the same transaction, whichever road it was. Copies left
behind by earlier deletions (of instances neither running, in history nor waiting in the history
queue) are removed once here.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0008_flow_copy_follows"
down_revision: str | None = "0007_history_queue"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        """
        CREATE FUNCTION wf_flow_copy_forget_instances() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM wf_flow_copy c USING gone g WHERE c.proc_ins_id = g.id;
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        """
        CREATE TRIGGER wf_flow_copy_follows_instance AFTER DELETE ON act_hi_procinst
        REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
        EXECUTE FUNCTION wf_flow_copy_forget_instances()
        """
    )
    op.execute(
        """
        DELETE FROM wf_flow_copy c
        WHERE NOT EXISTS (SELECT 1 FROM act_hi_procinst h WHERE h.id = c.proc_ins_id)
          AND NOT EXISTS (SELECT 1 FROM act_ru_execution e WHERE e.proc_inst_id = c.proc_ins_id)
          AND NOT EXISTS (SELECT 1 FROM loom_history_queue q WHERE q.root_id = c.proc_ins_id)
        """
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER wf_flow_copy_follows_instance ON act_hi_procinst")
    op.execute("DROP FUNCTION wf_flow_copy_forget_instances()")
