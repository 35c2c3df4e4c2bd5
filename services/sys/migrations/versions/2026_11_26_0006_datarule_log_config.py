"""data rules, role data scope, operation logs, system settings

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _record() -> list[sa.Column]:
    return [
        sa.Column("id", sa.String(length=64), primary_key=True),
        sa.Column("create_date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("update_date", sa.DateTime(timezone=True), nullable=False),
        sa.Column("create_by", sa.String(length=64), nullable=True),
        sa.Column("update_by", sa.String(length=64), nullable=True),
        sa.Column("remarks", sa.String(length=255), nullable=True),
    ]


def upgrade() -> None:
    op.add_column(
        "sys_role", sa.Column("data_scope", sa.String(length=1), nullable=False, server_default="1")
    )
    op.create_table(
        "sys_datarule",
        *_record(),
        sa.Column(
            "menu_id", sa.String(length=64), sa.ForeignKey("sys_menu.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("class_name", sa.String(length=255), nullable=True),
        sa.Column("field", sa.String(length=100), nullable=False),
        sa.Column("express", sa.String(length=20), nullable=False),
        sa.Column("value", sa.String(length=1000), nullable=True),
    )
    op.create_index("ix_sys_datarule_menu_id", "sys_datarule", ["menu_id"])
    op.create_table(
        "sys_role_datarule",
        sa.Column(
            "role_id",
            sa.String(length=64),
            sa.ForeignKey("sys_role.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "datarule_id",
            sa.String(length=64),
            sa.ForeignKey("sys_datarule.id", ondelete="CASCADE"),
            primary_key=True,
        ),
    )
    op.create_index("ix_sys_role_datarule_datarule_id", "sys_role_datarule", ["datarule_id"])
    op.create_table(
        "sys_role_office",
        sa.Column(
            "role_id",
            sa.String(length=64),
            sa.ForeignKey("sys_role.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "office_id",
            sa.String(length=64),
            sa.ForeignKey("sys_office.id", ondelete="CASCADE"),
            primary_key=True,
        ),
    )
    op.create_index("ix_sys_role_office_office_id", "sys_role_office", ["office_id"])
    op.create_table(
        "sys_log",
        sa.Column("id", sa.String(length=64), primary_key=True),
        sa.Column("type", sa.String(length=1), nullable=False),
        sa.Column("title", sa.String(length=255), nullable=True),
        sa.Column("service", sa.String(length=50), nullable=True),
        sa.Column("remote_addr", sa.String(length=255), nullable=True),
        sa.Column("user_agent", sa.String(length=255), nullable=True),
        sa.Column("request_uri", sa.String(length=1000), nullable=True),
        sa.Column("request_type", sa.String(length=10), nullable=True),
        sa.Column("method", sa.String(length=255), nullable=True),
        sa.Column("params", sa.Text(), nullable=True),
        sa.Column("record_ids", sa.String(length=2000), nullable=True),
        sa.Column("before", sa.Text(), nullable=True),
        sa.Column("after", sa.Text(), nullable=True),
        sa.Column("result", sa.String(length=20), nullable=True),
        sa.Column("exception", sa.Text(), nullable=True),
        sa.Column("record_time", sa.Integer(), nullable=True),
        sa.Column("create_by", sa.String(length=64), nullable=True),
        sa.Column("create_by_name", sa.String(length=100), nullable=True),
        sa.Column("create_date", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sys_log_type", "sys_log", ["type"])
    op.create_index("ix_sys_log_create_by", "sys_log", ["create_by"])
    op.create_index("ix_sys_log_create_date", "sys_log", ["create_date"])
    op.create_table(
        "sys_config",
        *_record(),
        sa.Column("product_name", sa.String(length=100), nullable=False),
        sa.Column("logo", sa.String(length=1000), nullable=True),
        sa.Column("default_theme", sa.String(length=50), nullable=False),
        sa.Column("default_layout", sa.String(length=50), nullable=False),
        sa.Column("home_url", sa.String(length=255), nullable=True),
        sa.Column("multi_account_login", sa.String(length=1), nullable=False),
        sa.Column("single_login_type", sa.String(length=1), nullable=False),
        sa.Column("login_code", sa.String(length=1), nullable=False),
        sa.Column("password_min_length", sa.Integer(), nullable=False),
        sa.Column("login_max_failures", sa.Integer(), nullable=False),
        sa.Column("login_lock_minutes", sa.Integer(), nullable=False),
        sa.Column("upload_max_mb", sa.Integer(), nullable=False),
        sa.Column("upload_extensions", sa.Text(), nullable=True),
        sa.Column("smtp", sa.String(length=255), nullable=True),
        sa.Column("port", sa.String(length=10), nullable=True),
        sa.Column("mail_name", sa.String(length=255), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("sys_config")
    op.drop_table("sys_log")
    op.drop_table("sys_role_office")
    op.drop_table("sys_role_datarule")
    op.drop_table("sys_datarule")
    op.drop_column("sys_role", "data_scope")
