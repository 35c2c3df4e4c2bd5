"""Physical column types: parse a design's ``jdbcType`` into a SQLAlchemy type for a dialect,
and render reflected types back into the same vocabulary."""

from __future__ import annotations

import re
from typing import Any

from sqlalchemy import types as satypes
from sqlalchemy.dialects import mysql, postgresql
from sqlalchemy.engine import Dialect

from loom_gencode.table.errors import ColumnTypeInvalid

_TYPE = re.compile(r"^\s*([a-zA-Z][a-zA-Z0-9 ]*?)\s*(?:\(\s*([0-9 ,]+)\s*\))?\s*(unsigned)?\s*$")

ALIASES: dict[str, dict[str, str]] = {
    "postgresql": {
        "varchar": "character varying",
        "char": "character",
        "int": "integer",
        "int4": "integer",
        "int8": "bigint",
        "int2": "smallint",
        "tinyint": "smallint",
        "mediumint": "integer",
        "datetime": "timestamp",
        "double": "double precision",
        "float8": "double precision",
        "float4": "real",
        "decimal": "numeric",
        "longtext": "text",
        "mediumtext": "text",
        "tinytext": "text",
        "bool": "boolean",
        "clob": "text",
        "nvarchar": "character varying",
        "timestamptz": "timestamp with time zone",
        "blob": "bytea",
        "longblob": "bytea",
    },
    "mysql": {
        "character varying": "varchar",
        "character": "char",
        "integer": "int",
        "int4": "int",
        "int8": "bigint",
        "int2": "smallint",
        "double precision": "double",
        "float8": "double",
        "numeric": "decimal",
        "bool": "boolean",
        "clob": "longtext",
        "timestamptz": "datetime",
        "timestamp": "datetime",
        "bytea": "longblob",
        "real": "float",
    },
}
NAMES: dict[str, dict[str, Any]] = {
    "postgresql": postgresql.base.ischema_names,
    "mysql": mysql.base.ischema_names,
}
TIME_TYPES = ("timestamp", "datetime", "time", "timestamp with time zone", "timestamp without time zone")


def parse(jdbc_type: str, dialect: str, column: str = "") -> satypes.TypeEngine[Any]:
    """``varchar(64)`` for ``postgresql`` -> ``VARCHAR(64)``; an unknown type is refused."""
    match = _TYPE.match(jdbc_type or "")
    if not match:
        raise ColumnTypeInvalid(name=column, type=jdbc_type)
    name = " ".join(match.group(1).lower().split())
    args = [int(a) for a in (match.group(2) or "").replace(" ", "").split(",") if a]
    family = dialect if dialect in NAMES else "postgresql"
    name = ALIASES[family].get(name, name)
    type_class = NAMES[family].get(name) or getattr(satypes, name.upper().replace(" ", "_"), None)
    if type_class is None:
        raise ColumnTypeInvalid(name=column, type=jdbc_type)
    if name in TIME_TYPES:
        if name == "timestamp with time zone":
            return postgresql.TIMESTAMP(timezone=True) if family == "postgresql" else type_class()
        return type_class()  # type: ignore[no-any-return]
    try:
        instance = type_class(*args)
    except TypeError as exc:
        raise ColumnTypeInvalid(name=column, type=jdbc_type) from exc
    if family == "mysql" and match.group(3) and hasattr(instance, "unsigned"):
        instance.unsigned = True
    return instance  # type: ignore[no-any-return]


def render(type_: satypes.TypeEngine[Any], dialect: Dialect) -> str:
    """A type in the design's vocabulary: ``varchar(64)``, ``int``, ``timestamp``, ``numeric(10,2)``."""
    text = type_.compile(dialect=dialect).lower()
    text = re.split(r" character set | collate ", text)[0].strip()
    text = text.replace("timestamp without time zone", "timestamp").replace("character varying", "varchar")
    text = re.sub(r"^(tinyint|smallint|mediumint|int|integer|bigint)\(\d+\)", r"\1", text)
    text = text.replace(", ", ",")
    if dialect.name == "mysql" and text == "integer":
        text = "int"
    return text


def same(a: str, b: str, dialect: Dialect) -> bool:
    """Whether two type texts mean the same physical type on ``dialect``."""
    family = "mysql" if dialect.name in ("mysql", "mariadb") else "postgresql"
    return render(parse(a, family), dialect) == render(parse(b, family), dialect)


def widening(old: str, new: str) -> bool:
    """True when every value of ``old`` fits ``new`` (no data can be lost)."""
    old_name, old_args = _split(old)
    new_name, new_args = _split(new)
    ints = ["smallint", "int", "integer", "bigint", "numeric", "decimal"]
    texts = {"varchar", "character varying", "char", "character"}
    if new_name in ("text", "longtext"):
        return old_name in texts or old_name in ("text", "mediumtext", "tinytext")
    if old_name in texts and new_name in texts:
        return bool(old_args and new_args and new_args[0] >= old_args[0])
    if old_name in ints and new_name in ints:
        return _number_fits(old_name, old_args, new_name, new_args, ints)
    return old_name == new_name and old_args == new_args


def _number_fits(
    old_name: str, old_args: list[int], new_name: str, new_args: list[int], ints: list[str]
) -> bool:
    """Whether every number of the old type keeps its value in the new one: as many digits before
    the point and as many after (numeric(10,2) -> numeric(30,0) rounds every cent)."""
    decimals = ("numeric", "decimal")
    if new_name not in decimals:
        return old_name not in decimals and ints.index(new_name) >= ints.index(old_name)
    if not new_args:
        return True  # an unconstrained numeric holds any number exactly
    new_scale = new_args[1] if len(new_args) > 1 else 0
    if old_name not in decimals:
        return new_args[0] - new_scale >= 19  # every integer type fits in 19 digits
    if not old_args:
        return False
    old_scale = old_args[1] if len(old_args) > 1 else 0
    return new_scale >= old_scale and new_args[0] - new_scale >= old_args[0] - old_scale


def _split(text: str) -> tuple[str, list[int]]:
    match = _TYPE.match(text or "")
    if not match:
        return text, []
    return " ".join(match.group(1).lower().split()), [
        int(a) for a in (match.group(2) or "").replace(" ", "").split(",") if a
    ]
