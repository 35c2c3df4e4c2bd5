"""Data sources: databases whose tables gencode imports, designs and synchronises."""

from __future__ import annotations

from sqlmodel import Field

from loom_platform.records import Stamped

MASTER_ID = "master"


class DataSource(Stamped, table=True):
    """A database connection; the password is stored encrypted (Fernet), never returned."""

    __tablename__ = "gen_data_source"

    en_name: str = Field(max_length=100, unique=True)
    name: str = Field(max_length=100)
    db_type: str = Field(max_length=20)
    host: str | None = Field(default=None, max_length=255)
    port: int | None = None
    db_name: str | None = Field(default=None, max_length=100)
    username: str | None = Field(default=None, max_length=100)
    password_enc: str | None = Field(default=None, max_length=1000)
    # Extra query-string options (``charset=utf8mb4``) appended to the URL.
    options: str | None = Field(default=None, max_length=500)
    remarks: str | None = Field(default=None, max_length=255)
