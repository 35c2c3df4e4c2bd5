"""Paging and sorting parameters as the JeePlus client sends them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import column, select, table

from loom_platform.errors import InvalidArgument
from loom_platform.paging import ALL_ROWS, apply_orders, parse_page

users = table("sys_user", column("login_name"), column("name"))
SORTABLE = {"login_name": users.c.login_name, "name": users.c.name}


def test_defaults_are_the_first_page_of_ten() -> None:
    page = parse_page({})
    assert (page.current, page.size, page.orders) == (1, 10, ())


def test_orders_are_read_from_indexed_dotted_keys_in_index_order() -> None:
    page = parse_page(
        {
            "orders[1].column": "name",
            "orders[1].asc": "false",
            "orders[0].column": "login_name",
            "orders[0].asc": "true",
        }
    )
    assert [(o.column, o.asc) for o in page.orders] == [("login_name", True), ("name", False)]


@pytest.mark.parametrize("size", ["-1", "1000000"])
def test_minus_one_and_a_million_mean_every_row(size: str) -> None:
    page = parse_page({"size": size, "current": "3"})
    assert page.size == ALL_ROWS and page.all_rows and page.offset == 0


@pytest.mark.parametrize("size", ["0", "1001", "999999"])
def test_other_sizes_outside_one_to_a_thousand_are_refused(size: str) -> None:
    with pytest.raises(InvalidArgument):
        parse_page({"size": size})


def test_an_unknown_sort_column_is_refused_and_never_reaches_sql() -> None:
    with pytest.raises(InvalidArgument) as raised:
        apply_orders(select(users), parse_page({"orders[0].column": "1; drop table x"}), SORTABLE)
    assert raised.value.params["column"] == "1; drop table x"


@given(st.text(max_size=40))
def test_any_requested_column_is_either_mapped_or_refused(name: str) -> None:
    params = parse_page({"orders[0].column": name})
    if not name:
        assert params.orders == ()
        return
    try:
        stmt = apply_orders(select(users), params, SORTABLE)
    except InvalidArgument:
        assert name not in SORTABLE
    else:
        assert name in SORTABLE and name in str(stmt)
