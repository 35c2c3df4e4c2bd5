"""DMN decisions (act_dmn_decision), their evaluations (act_dmn_hi_decision_execution), external tasks'
fetch index

Revision ID: 0013_decisions_external
Revises: 0012_candidate_links
Create Date: 2026-11-28 15:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0013_decisions_external"
down_revision: str | None = "0012_candidate_links"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _rev() -> sa.Column:  # type: ignore[type-arg]
    return sa.Column("rev", sa.Integer, nullable=False, server_default="1")


def upgrade() -> None:
    op.create_table(
        "act_dmn_decision",
        sa.Column("id", sa.String(255), primary_key=True),
        _rev(),
        sa.Column("key", sa.String(255), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("name", sa.String(255)),
        sa.Column("deployment_id", sa.String(64), nullable=False, server_default=""),
        sa.Column("resource_name", sa.String(255)),
        sa.Column("version_tag", sa.String(255)),
        sa.Column("decision_type", sa.String(32), nullable=False, server_default="decisionTable"),
        sa.Column("dmn_xml", sa.Text, nullable=False, server_default=""),
        sa.Column("tenant_id", sa.String(255), nullable=False, server_default=""),
        sa.UniqueConstraint("key", "version", "tenant_id", name="uq_act_dmn_decision_key_version"),
    )
    op.create_index("ix_act_dmn_decision_deployment", "act_dmn_decision", ["deployment_id"])
    op.create_table(
        "act_dmn_hi_decision_execution",
        sa.Column("id", sa.String(64), primary_key=True),
        _rev(),
        sa.Column("decision_definition_id", sa.String(255), nullable=False),
        sa.Column("decision_key", sa.String(255), nullable=False),
        sa.Column("decision_name", sa.String(255)),
        sa.Column("decision_version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("deployment_id", sa.String(64), nullable=False, server_default=""),
        sa.Column("proc_inst_id", sa.String(64)),
        sa.Column("execution_id", sa.String(64)),
        sa.Column("activity_id", sa.String(255)),
        sa.Column("start_time", sa.DateTime(timezone=True)),
        sa.Column("end_time", sa.DateTime(timezone=True)),
        sa.Column("failed", sa.Boolean, nullable=False, server_default="false"),
        sa.Column("audit", JSONB),
        sa.Column("tenant_id", sa.String(255), nullable=False, server_default=""),
    )
    op.create_index(
        "ix_act_dmn_hi_decision_execution_proc_inst", "act_dmn_hi_decision_execution", ["proc_inst_id"]
    )
    op.create_index(
        "ix_act_dmn_hi_decision_execution_key", "act_dmn_hi_decision_execution", ["decision_key", "start_time"]
    )
    op.create_index(
        "ix_act_ru_job_external_topic",
        "act_ru_job",
        [sa.text("(handler_config::jsonb ->> 'topic')"), "create_time"],
        postgresql_where=sa.text("job_type = 'external'"),
    )


def downgrade() -> None:
    op.drop_index("ix_act_ru_job_external_topic", table_name="act_ru_job")
    op.drop_table("act_dmn_hi_decision_execution")
    op.drop_table("act_dmn_decision")
