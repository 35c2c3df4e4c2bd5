"""How a form's fields become columns: types from widget types, names from models, sub-tables
with their foreign key (pure functions, no I/O)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from loom_form_rules import Field, fields
from loom_forms.make import errors
from loom_platform.tablerows import Column

NAME = re.compile(r"^[a-z][a-z0-9_]{0,62}$")
BASE_COLUMNS = ("id", "create_by", "create_date", "update_by", "update_date", "del_flag")
NUMBER_WIDGETS = {"number", "rate"}
TEXT_WIDGETS = {
    "textarea",
    "editor",
    "checkbox",
    "imgupload",
    "fileupload",
    "cascader",
    "html",
    "custom",
    "component",
}
SHORT_WIDGETS = {"switch", "color"}
# Widgets whose values a user types: stored text is never read back as JSON.
TYPED_WIDGETS = {"input", "textarea", "editor"}
SUB_TABLE = "table"
# Column types a primary key may have for forms to write its ids (32 hex characters) into it.
TEXT_KEY = re.compile(r"^(varchar|character varying|nvarchar|char|character|nchar|text|string)\b", re.I)


@dataclass
class Child:
    """A sub-table: its table, the column holding the main row's id, its columns by model, its
    primary key and every column it has (a stamp column is written only where there is one)."""

    table: str
    foreign_key: str
    columns: dict[str, str] = field(default_factory=dict)
    primary_key: str = "id"
    physical: list[str] = field(default_factory=lambda: list(BASE_COLUMNS))


@dataclass
class Binding:
    """Where a form's values live: the main table's columns by model, and the sub-tables."""

    table: str
    columns: dict[str, str] = field(default_factory=dict)
    children: dict[str, Child] = field(default_factory=dict)
    physical: list[str] = field(default_factory=list)
    # The main table's primary key (a single text column: forms writes 32-hex ids into it).
    primary_key: str = "id"

    def dump(self) -> str:
        """The binding as stored with the form."""
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def load(cls, text: str) -> Binding | None:
        """A stored binding (None when the form is not bound)."""
        if not text:
            return None
        raw = json.loads(text)
        children = {k: Child(**v) for k, v in raw.get("children", {}).items()}
        return cls(
            raw["table"],
            raw.get("columns", {}),
            children,
            raw.get("physical", []),
            raw.get("primary_key", "id"),
        )


@dataclass(frozen=True)
class ExistingTable:
    """A table of the data source as gencode describes it."""

    name: str
    columns: list[Column]


def snake(model: str) -> str:
    """``userName`` -> ``user_name``; ``input_1700`` stays."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", model).lower()


def column_name(item: Field) -> str:
    """The column a field writes to; a model that cannot name a column is refused."""
    name = snake(item.model)
    if not NAME.match(name) or name in BASE_COLUMNS:
        raise errors.WidgetFieldInvalid(field=item.model)
    return name


def jdbc_type(item: Field) -> str:
    """The column type a widget type gets."""
    if item.type in NUMBER_WIDGETS or (item.type == "slider" and not item.options.get("range")):
        return "decimal(20,6)"
    ranged = item.options.get("isRange") or item.options.get("range")
    if item.type in TEXT_WIDGETS or item.options.get("multiple") or ranged:
        return "text"
    if item.type in SHORT_WIDGETS:
        return "varchar(64)"
    return "varchar(500)"


def table_name(name: str) -> str:
    """A valid physical table name, or 400."""
    if not NAME.match(name or ""):
        raise errors.TableInvalid()
    return name


def plan(
    definition: Mapping[str, Any], main_table: str
) -> tuple[list[Column], dict[str, tuple[str, str, list[Column]]], Binding]:
    """Columns of a new main table, of each sub-table (table, fk, columns), and the binding."""
    main: list[Column] = []
    subs: dict[str, tuple[str, str, list[Column]]] = {}
    binding = Binding(table=main_table)
    items = fields(definition)
    if not items:
        raise errors.NoFields()
    for item in items:
        if item.type == SUB_TABLE:
            child_table = table_name(
                str(item.widget.get("tableName") or f"{main_table}_{column_name(item)}"[:63])
            )
            fk = str(item.widget.get("foreignKey") or "parent_id")
            table_name(fk)
            child_columns = [Column(fk, "varchar(64)", "主表ID")]
            child = Child(child_table, fk)
            child.physical = [*BASE_COLUMNS, fk]
            for sub in item.columns:
                name = column_name(sub)
                child.columns[sub.model] = name
                child.physical.append(name)
                child_columns.append(Column(name, jdbc_type(sub), sub.name))
            subs[item.model] = (child_table, fk, child_columns)
            binding.children[item.model] = child
            continue
        name = column_name(item)
        binding.columns[item.model] = name
        main.append(Column(name, jdbc_type(item), item.name))
    binding.physical = list(BASE_COLUMNS) + [c.name for c in main]
    return main, subs, binding


def annotate(definition: dict[str, Any], binding: Binding, data_source: str) -> dict[str, Any]:
    """Marks the bound widgets as the designer's JSON carries them: `tableName`, `dsId`/`enName`, and
    for a sub-table also `primaryKey` and `foreignKey`."""
    for item in fields(definition):
        widget: Any = item.widget
        if item.type == SUB_TABLE and item.model in binding.children:
            child = binding.children[item.model]
            widget.update(tableName=child.table, primaryKey=child.primary_key, foreignKey=child.foreign_key)
        elif item.model in binding.columns:
            widget.update(tableName=binding.table)
        else:
            continue
        widget.update(dsId=data_source, enName=data_source)
    return definition


def sort_columns(definition: Mapping[str, Any], binding: Binding) -> list[str]:
    """The columns of the fields marked isSort (the online list sorts on them)."""
    return [
        binding.columns[f.model]
        for f in fields(definition)
        if f.options.get("isSort") and f.model in binding.columns
    ]


def child_table(item: Field, main_table: str) -> str:
    """The table of a sub-table widget: its `tableName`, else ``<main>_<model>`` (as a new one is named)."""
    return str(item.widget.get("tableName") or f"{main_table}_{snake(item.model)}"[:63])


def foreign_key(item: Field) -> str:
    """The column of a sub-table holding the main row's key: its `foreignKey`, else ``parent_id``."""
    return str(item.widget.get("foreignKey") or "parent_id")


def _primary_key(table: ExistingTable) -> str:
    """The table's single text primary key (an undeclared one named `id` will do), or 400."""
    keys = [c for c in table.columns if c.is_pk]
    if not keys:
        keys = [c for c in table.columns if c.name.lower() == "id"]
    if len(keys) != 1 or not TEXT_KEY.match(keys[0].jdbc_type):
        described = "、".join(f"{c.name} {c.jdbc_type}" for c in keys) or "-"
        raise errors.PrimaryKeyInvalid(table=table.name, columns=described)
    return keys[0].name


def _map(items: Sequence[Field], table: ExistingTable, prefix: str, missing: list[str]) -> dict[str, str]:
    """Fields to the table's columns by model or its snake_case; unmapped ones are noted."""
    available = {c.name.lower(): c.name for c in table.columns}
    mapped: dict[str, str] = {}
    for item in items:
        found = available.get(item.model.lower()) or available.get(snake(item.model))
        if found is None:
            missing.append(prefix + item.name)
        else:
            mapped[item.model] = found
    return mapped


def bind_existing(
    definition: Mapping[str, Any], main: ExistingTable, children: Mapping[str, ExistingTable]
) -> Binding:
    """Maps fields to the columns of an existing table, and each sub-table widget to its own existing
    table (`children` by table name) joined by its foreign key; what does not map is refused."""
    binding = Binding(
        table=main.name, physical=[c.name for c in main.columns], primary_key=_primary_key(main)
    )
    missing: list[str] = []
    items = fields(definition)
    binding.columns = _map([f for f in items if f.type != SUB_TABLE], main, "", missing)
    for item in (f for f in items if f.type == SUB_TABLE):
        name, fk = child_table(item, main.name), foreign_key(item)
        table = children.get(name)
        if table is None:
            raise errors.SubTableMissing(name=item.name, table=name)
        if fk.lower() not in {c.name.lower() for c in table.columns}:
            raise errors.ForeignKeyMissing(table=name, column=fk)
        binding.children[item.model] = Child(
            table=name,
            foreign_key=next(c.name for c in table.columns if c.name.lower() == fk.lower()),
            columns=_map(item.columns, table, f"{item.name}.", missing),
            primary_key=_primary_key(table),
            physical=[c.name for c in table.columns],
        )
    if missing:
        raise errors.Unmapped(fields="、".join(missing))
    if not binding.columns:
        raise errors.NoFields()
    return binding
