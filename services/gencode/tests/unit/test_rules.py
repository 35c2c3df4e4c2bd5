"""Design rules, type parsing and workspace confinement without I/O."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy.dialects import mysql, postgresql

from loom_gencode.scheme import workspace
from loom_gencode.table import column_types as types
from loom_gencode.table.defaults import java_type_for, show_type_for
from loom_platform.errors import InvalidArgument


@pytest.mark.parametrize(
    ("jdbc", "dialect", "expected"),
    [
        ("varchar(64)", postgresql.dialect(), "varchar(64)"),
        ("int", postgresql.dialect(), "integer"),
        ("datetime", postgresql.dialect(), "timestamp"),
        ("numeric(10,2)", mysql.dialect(), "decimal(10,2)"),
        ("timestamp", mysql.dialect(), "datetime"),
        ("double precision", mysql.dialect(), "double"),
    ],
)
def test_types_per_dialect(jdbc, dialect, expected):
    family = "mysql" if dialect.name == "mysql" else "postgresql"
    assert types.render(types.parse(jdbc, family), dialect) == expected


def test_unknown_type_is_refused():
    with pytest.raises(InvalidArgument):
        types.parse("varchar(64", "postgresql")
    with pytest.raises(InvalidArgument):
        types.parse("nosuchtype", "postgresql")


@pytest.mark.parametrize(
    ("old", "new", "widening"),
    [
        ("varchar(10)", "varchar(20)", True),
        ("varchar(20)", "varchar(10)", False),
        ("int", "bigint", True),
        ("bigint", "int", False),
        ("varchar(10)", "text", True),
        ("varchar(10)", "integer", False),
    ],
)
def test_widening(old, new, widening):
    assert types.widening(old, new) is widening


def test_java_and_show_types():
    assert java_type_for("bigint") == "Long" and java_type_for("datetime") == "java.util.Date"
    assert show_type_for("com.jeeplus.sys.service.dto.UserDTO", "varchar(64)") == "userselect"
    assert show_type_for("com.x.Other", "varchar(64)") == "gridselect"


@given(st.text(alphabet="abc./\\~", min_size=1, max_size=30))
def test_resolved_paths_never_leave_the_root(tmp_path_factory, raw):
    root = tmp_path_factory.getbasetemp() / "ws"
    root.mkdir(exist_ok=True)
    try:
        resolved = workspace.resolve(root, raw)
    except InvalidArgument:
        return
    assert resolved == root.resolve() or root.resolve() in resolved.parents
