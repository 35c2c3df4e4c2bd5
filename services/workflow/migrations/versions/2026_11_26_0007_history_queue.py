"""history queue: a command writes one history record; history workers apply the records to ACT_HI_*

Revision ID: 0007_history_queue
Revises: 0006_write_check
Create Date: 2026-11-26 07:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0007_history_queue"
down_revision: str | None = "0006_write_check"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # One row per command (and instance tree): its history events grouped, zlib-compressed when that
    # keeps the row inline. Applied in ``seq`` order per tree and deleted in the applying transaction.
    op.execute(
        """
        CREATE TABLE loom_history_queue (
            seq bigserial PRIMARY KEY,
            root_id varchar(64) NOT NULL,
            actor varchar(64),
            created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
            payload bytea NOT NULL
        )
        """
    )
    op.execute("CREATE INDEX ix_loom_history_queue_root ON loom_history_queue (root_id, seq)")
    op.execute("CREATE INDEX ix_loom_history_queue_actor ON loom_history_queue (actor)")


def downgrade() -> None:
    op.execute("DROP TABLE loom_history_queue")
