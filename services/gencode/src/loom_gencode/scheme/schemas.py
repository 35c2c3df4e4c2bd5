"""Wire shape of a generation scheme."""

from __future__ import annotations

from loom_gencode.table.schemas import DesignName
from loom_platform.wire import Answer, WireModel


class TableRef(WireModel):
    """``table {id}``."""

    id: str | None = None


class SchemeSave(WireModel):
    """Where and how to generate a table's code."""

    id: str | None = None
    table: TableRef | None = None
    project_path: str | None = None
    front_project_path: str | None = None
    category: str | None = None
    package_name: str | None = None
    module_name: str | None = None
    sub_module_name: str | None = None
    function_name: str | None = None
    function_name_simple: str | None = None
    function_author: str | None = None


SCHEME_FIELDS = (
    "project_path",
    "front_project_path",
    "category",
    "package_name",
    "module_name",
    "sub_module_name",
    "function_name",
    "function_name_simple",
    "function_author",
)
REQUIRED = (
    "project_path",
    "front_project_path",
    "category",
    "package_name",
    "module_name",
    "function_name",
    "function_name_simple",
    "function_author",
)


class Folder(Answer):
    """A folder of the generator's workspace, one level of the output-path picker: its absolute
    path (``id``, ``value``), its name (``label``, ``name``), its path from the workspace root, and
    whether it has folders below it (``isLeaf``, ``leaf``: none)."""

    id: str
    value: str
    label: str
    name: str
    relative: str
    is_leaf: bool
    leaf: bool


class SchemeTable(Answer):
    """The design a scheme generates: its id."""

    id: str


class SchemePublic(Answer):
    """A generation scheme as the generate dialog reads it: where (backend and frontend paths), with
    which template group (``category``), and the names the code is written under (``id`` empty
    before its first generation)."""

    id: str | None
    table: SchemeTable
    project_path: str | None
    front_project_path: str | None
    category: str | None
    package_name: str | None
    module_name: str | None
    sub_module_name: str | None
    function_name: str | None
    function_name_simple: str | None
    function_author: str | None


class TemplateGroupOption(Answer):
    """A template group the dialog offers: its id and name."""

    id: str
    name: str


class GenCodeForm(Answer):
    """The generate dialog of a design: its scheme (saved, or a new one from the code parameters),
    the template groups and the designs of its data source."""

    scheme: SchemePublic
    template_group_list: list[TemplateGroupOption]
    table_list: list[DesignName]
