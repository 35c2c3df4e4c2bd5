"""A generated module and its versions as the host records them."""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from loom_platform.outbox import utcnow

GENERATED, TESTING, LIVE, FAILED, UNPUBLISHED = "generated", "testing", "live", "failed", "unpublished"


class AppModule(SQLModel, table=True):
    """One module (``<module>/<entity>``): its latest version's state and the version that serves."""

    __tablename__ = "app_module"

    name: str = Field(primary_key=True, max_length=200)
    table_id: str = Field(max_length=64, index=True)
    table_name: str = Field(max_length=200)
    permission: str = Field(max_length=200)
    # The latest version received and its state (generated, testing, live, failed, unpublished).
    version: int = Field(sa_type=sa.BigInteger())
    state: str = Field(max_length=20)
    # The version serving requests (None: none has passed its tests yet, or unpublished).
    live_version: int | None = Field(default=None, sa_type=sa.BigInteger())
    update_date: dt.datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class AppModuleVersion(SQLModel, table=True):
    """One generation of a module: its files, its pages, and how its tests went."""

    __tablename__ = "app_module_version"
    __table_args__ = (sa.UniqueConstraint("name", "version"),)

    id: str = Field(primary_key=True, max_length=32)
    name: str = Field(max_length=200, index=True)
    version: int = Field(sa_type=sa.BigInteger())
    package: str = Field(max_length=300)
    backend: bytes = Field(sa_type=sa.LargeBinary())
    frontend: bytes = Field(sa_type=sa.LargeBinary())
    pages: str = Field(sa_type=sa.Text())
    state: str = Field(max_length=20)
    # The pages built into a module-federated remote: a zip of remoteEntry.js and its chunks
    # (served at /mf/apps/<name>/ by every replica from here, never from a shared disk).
    remote: bytes = Field(default=b"", sa_type=sa.LargeBinary())
    # The test run's output (pytest's, or why it could not run), then the page build's: readable by
    # the user who generated the version (generated_by) and the administrator only.
    log: str = Field(default="", sa_type=sa.Text())
    generated_by: str = Field(default="", max_length=64)
    claimed_at: dt.datetime | None = Field(default=None, sa_type=sa.DateTime(timezone=True))
    create_date: dt.datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))
