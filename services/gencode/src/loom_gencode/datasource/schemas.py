"""Wire shapes of data sources (the password is accepted, never returned)."""

from __future__ import annotations

from loom_platform.wire import Answer, WireModel


class DataSourcePublic(Answer):
    """A data source as the client reads it (never its password)."""

    id: str
    en_name: str
    name: str
    db_type: str
    host: str | None
    port: int | None
    db_name: str | None
    username: str | None
    options: str | None
    remarks: str | None


class DataSourceSave(WireModel):
    """A data source as the client sends it; an empty password keeps the stored one."""

    id: str | None = None
    en_name: str | None = None
    name: str | None = None
    db_type: str | None = None
    host: str | None = None
    port: int | None = None
    db_name: str | None = None
    username: str | None = None
    options: str | None = None
    remarks: str | None = None
    password: str | None = None


class DataSourceNode(Answer):
    """A node of the data-source tree: the root (``type`` 'db', id '-1') or a data source
    (``type`` 'dataSource', with its key and database type)."""

    id: str
    label: str
    name: str
    en_name: str | None = None
    db_type: str | None = None
    type: str
    children: list[DataSourceNode]
