"""Data rules compile to parameterised predicates; user text never becomes SQL."""

from __future__ import annotations

import pytest
from sqlalchemy import Column, Integer, MetaData, String, Table, select
from sqlalchemy.dialects import postgresql

from loom_platform.datarules import DataAccess, Rule, RuleInvalid, Viewer, check_rule, predicate
from loom_platform.i18n import translate

rows = Table(
    "t",
    MetaData(),
    Column("id", String),
    Column("create_by", String),
    Column("office_id", String),
    Column("amount", Integer),
    Column("name", String),
)
ALICE = Viewer(user_id="u-a", office_id="o-a", company_id="c-1", office_tree=("o-a", "o-a1"))


def sql(access: DataAccess) -> tuple[str, dict[str, object]]:
    compiled = (
        select(rows.c.id)
        .where(predicate(access, rows.c, office="office_id"))
        .compile(dialect=postgresql.dialect())
    )
    return str(compiled), dict(compiled.params)


def test_scope_all_without_rules_keeps_every_row() -> None:
    # given / when
    text, params = sql(DataAccess(viewer=ALICE))
    # then
    assert "WHERE true" in text and params == {}


def test_scope_keeps_the_viewers_users_and_offices_as_parameters() -> None:
    text, params = sql(DataAccess(viewer=ALICE, everything=False, user_ids=frozenset({"u-a", "u-b"})))
    assert "create_by IN" in text and sorted(params.values(), key=str) == [["u-a", "u-b"]]


def test_an_empty_scope_matches_nothing() -> None:
    text, _ = sql(DataAccess(viewer=ALICE, everything=False))
    assert "false" in text


def test_rule_values_are_bound_never_pasted() -> None:
    evil = "x' OR '1'='1"
    text, params = sql(DataAccess(viewer=ALICE, rules=(Rule("name", "=", evil),)))
    assert evil not in text and evil in params.values()


def test_placeholders_stand_for_the_viewer() -> None:
    _, params = sql(
        DataAccess(viewer=ALICE, rules=(Rule("office_id", "in", "#{currentUser.office.children}"),))
    )
    assert ["o-a", "o-a1"] in params.values()
    _, params = sql(DataAccess(viewer=ALICE, rules=(Rule("create_by", "=", "#{currentUser.id}"),)))
    assert "u-a" in params.values()


def test_a_rule_on_an_unknown_column_or_a_value_of_the_wrong_type_hides_rows() -> None:
    assert "false" in sql(DataAccess(viewer=ALICE, rules=(Rule("salary", "=", "1"),)))[0]
    assert "false" in sql(DataAccess(viewer=ALICE, rules=(Rule("amount", ">", "lots"),)))[0]
    _, params = sql(DataAccess(viewer=ALICE, rules=(Rule("amount", ">", "10"),)))
    assert 10 in params.values()


def test_like_escapes_wildcards() -> None:
    _, params = sql(DataAccess(viewer=ALICE, rules=(Rule("name", "like", "50%_"),)))
    assert "%50\\%\\_%" in params.values()


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            Rule("name; drop table t", "=", "1"),
            "规则字段'name; drop table t'无效，只能是字母、数字和下划线组成的列名",
        ),
        (Rule("name", "between", "1"), "规则条件'between'无效"),
        (Rule("name", "=", ""), "规则值不能为空"),
        (Rule("name", "=", "#{currentUser.salary}"), "规则值中的变量'#{currentUser.salary}'不存在"),
    ],
)
def test_check_rule_refuses_what_cannot_compile(rule: Rule, message: str) -> None:
    with pytest.raises(RuleInvalid) as caught:
        check_rule(rule)
    assert translate(caught.value.key, "zh-CN", **caught.value.params) == message


def test_check_rule_accepts_placeholders_and_unary_operators() -> None:
    check_rule(Rule("create_by", "=", "#{currentUser.id}"))
    check_rule(Rule("office_id", "in", "#{currentUser.office.children},o-x"))
    check_rule(Rule("name", "is_null"))
