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


@pytest.mark.parametrize(("search", "pattern"), [("%", "%\\%%"), ("a_b", "%a\\_b%"), ("c:\\x", "%c:\\\\x%")])
def test_percent_and_underscore_in_a_search_are_taken_literally(search: str, pattern: str) -> None:
    from loom_platform.paging import like_pattern

    assert like_pattern(search) == pattern


@pytest.mark.parametrize("value", ["null", "x", "2026-13-45", "2026-11-23T99:00"])
def test_an_unreadable_date_filter_is_a_400_naming_the_field(value: str) -> None:
    from loom_platform.paging import date_filter

    with pytest.raises(InvalidArgument) as caught:
        date_filter(value, "endDate")
    assert caught.value.message().startswith("参数endDate的日期格式不正确")


def test_dates_and_date_times_are_read_as_the_client_sends_them() -> None:
    from loom_platform.paging import date_filter

    assert date_filter("2026-11-23", "beginDate").isoformat() == "2026-11-23T00:00:00+00:00"  # type: ignore[union-attr]
    assert date_filter("2026-11-23 10:30:00", "endDate").hour == 10  # type: ignore[union-attr]
    assert date_filter("", "endDate") is None
