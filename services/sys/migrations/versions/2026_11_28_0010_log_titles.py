"""sys_log's titles in both languages and its fields' labels: ``title`` holds the zh-CN title
("请假单 · 修改") and ``title_en`` the en-US one, made by sys from the menus when it stores an entry;
``labels`` names the fields the entry's before and after hold ({table: {field: label}})

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # on the partitioned parent: every month's partition gets the columns too
    op.add_column("sys_log", sa.Column("title_en", sa.String(255), nullable=True))
    op.add_column("sys_log", sa.Column("labels", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("sys_log", "labels")
    op.drop_column("sys_log", "title_en")
