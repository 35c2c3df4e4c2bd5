"""A data set as the 数据模型 editor saves it, and the parameters a run is given."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import Field

from loom_platform.wire import Answer, WireModel


class Ref(WireModel):
    id: str = ""


class ParamIn(WireModel):
    field: str = ""
    default_value: str | None = None
    type: str = "string"
    sort: int = 0


class DataSetColumnIn(WireModel):
    name: str = ""
    type: str = ""
    label: str | None = None
    is_need: Any = True
    sort: int = 0


class DataSetSave(WireModel):
    """``{id, db: {id}, name, sqlcmd, params: [...], columnList: [...]}``."""

    id: str | None = None
    db: Ref = Field(default_factory=Ref)
    name: str = ""
    sqlcmd: str = ""
    params: list[ParamIn] = Field(default_factory=list)
    column_list: list[DataSetColumnIn] = Field(default_factory=list)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def listed(fields: Iterable[tuple[str, Any]], name: str) -> list[str]:
    """A list the client sent as ``name[]=`` (brackets), ``name[0]=`` (indices), ``name=``
    (repeat) or as a JSON list, in its order."""
    plain: list[str] = []
    indexed: list[tuple[int, str]] = []
    for key, value in fields:
        if key == name and isinstance(value, list):
            plain += [_text(v) for v in value]
        elif key in (name, f"{name}[]"):
            plain.append(_text(value))
        elif key.startswith(f"{name}[") and key.endswith("]") and key[len(name) + 1 : -1].isdigit():
            indexed.append((int(key[len(name) + 1 : -1]), _text(value)))
    return plain + [v for _, v in sorted(indexed)]


def values_of(fields: Iterable[tuple[str, Any]]) -> dict[str, str | None]:
    """``{field: value}`` from the parallel ``field`` and ``defaultValue`` lists (extra values,
    such as the client's trailing '', are ignored)."""
    items = list(fields)
    names, values = listed(items, "field"), listed(items, "defaultValue")
    return {n: (values[i] if i < len(values) else None) for i, n in enumerate(names) if n}


def run_fields(query: Iterable[tuple[str, str]], body: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The query's items followed by the body's (a JSON body keeps its lists)."""
    return [*query, *body.items()]


class DataSourceName(Answer):
    """The data source a set reads: its id and name."""

    id: str
    name: str


class DataSetRow(Answer):
    """A data set in the list: its name, source, SQL and when it last changed (ISO 8601)."""

    id: str
    name: str
    db: DataSourceName
    sqlcmd: str
    update_date: str


class DataSetParamPublic(Answer):
    """A ``{#field#}`` parameter of a set: its type and default value."""

    id: str
    field: str
    type: str
    default_value: str | None
    sort: int


class DataSetColumnPublic(Answer):
    """A column a set answers: its label, and whether it takes part in analysis."""

    id: str
    name: str
    type: str
    label: str
    is_need: bool
    sort: int


class DataSetPublic(Answer):
    """A set as its editor reads it; its ``token`` only for those who may change it."""

    id: str
    name: str
    db: DataSourceName
    sqlcmd: str
    params: list[DataSetParamPublic]
    column_list: list[DataSetColumnPublic]
    token: str | None = None


class DataSetSaved(Answer):
    """A saved set: ``success``, its id and the message."""

    success: bool
    id: str
    msg: str


class ColumnMeta(Answer):
    """A column an SQL answers: its name, type and label (the name)."""

    name: str
    type: str
    label: str


class DataSetMeta(Answer):
    """The columns an SQL answers."""

    column_list: list[ColumnMeta]


class DataSetRun(Answer):
    """An SQL's rows, as JSON and as XML, and whether the row cap cut them."""

    json_: list[dict[str, Any]] = Field(alias="json")
    xml: str
    truncated: bool
