"""What the module routes answer."""

from __future__ import annotations

from pydantic import Field

from loom_platform.wire import Answer


class ModulePublic(Answer):
    """A generated module: its table, permission, state (generated, testing, live, failed,
    unpublished), latest and live versions (text; the live one empty when none serves), its menu
    href and when it last changed (ISO 8601)."""

    name: str
    table_id: str
    table_name: str
    permission: str
    state: str
    version: str
    live_version: str
    href: str
    update_date: str


class ModuleRemote(Answer):
    """A live module the caller may open: the remote its pages were built into (``remote``, and
    its script ``entry`` carrying the version; empty before a build) and the hrefs it owns."""

    name: str
    href: str
    prefixes: list[str]
    permission: str
    remote: str
    entry: str


class ModuleTestLog(Answer):
    """The test log of a module's version, with that version's state."""

    name: str
    version: str
    state: str
    log: str


class PageColumn(Answer):
    """A column of a generated module's pages: its name and field, label, TypeScript and Python
    types, where it shows (``list``, ``query`` with its ``queryType``, ``form``, ``insert``,
    ``edit``), its control (``showType``, ``dictType``), its rules (``required``, ``maxLength``,
    ``validateType``) and whether it is the key."""

    name: str
    field: str
    label: str
    type: str
    py_type: str
    list_: bool = Field(alias="list")
    query: bool
    query_type: str
    form: bool
    insert: bool
    edit: bool
    required: bool
    show_type: str
    dict_type: str
    max_length: int | None
    validate_type: str
    pk: bool


class ChildPages(Answer):
    """A child table's part of the form: its table, the column naming the main row, its columns."""

    entity: str
    parent_fk: str | None
    columns: list[PageColumn]


class ModulePages(Answer):
    """A live module's list and form pages as data (what the portal renders), as gencode published
    them: its tables, title, table (``entity``), class, table type, API below ``/api``, page href,
    key, columns and child tables; with the module's name, live version and permission."""

    tables: list[str]
    title: str
    entity: str
    class_name: str
    table_type: str
    api_prefix: str
    page_href: str
    pk: str
    columns: list[PageColumn]
    children: list[ChildPages]
    name: str
    version: str
    permission: str
