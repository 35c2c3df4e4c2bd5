"""User SQL is read before it runs: one statement only, placeholders become bound parameters."""

from __future__ import annotations

import pytest

from loom_gencode.dataset.schemas import listed, values_of
from loom_gencode.query.statement import bind_placeholders, first_word, one_statement
from loom_platform.errors import InvalidArgument


def test_one_statement_allows_a_trailing_semicolon_and_semicolons_in_literals_and_comments() -> None:
    # then
    assert one_statement("select 1;") == "select 1"
    assert one_statement("select ';' as a -- ;") == "select ';' as a --"
    text = "select $$a;b$$, 'it''s;', \"x;y\" /* ; */"
    assert one_statement(text) == text


@pytest.mark.parametrize(
    "sql", ["select 1; drop table t", "select 1;;select 2", "   ", ";", "select 1 /* */; delete from t"]
)
def test_several_statements_or_none_are_refused(sql: str) -> None:
    with pytest.raises(InvalidArgument):
        one_statement(sql)


def test_placeholders_become_bound_parameters_quoted_or_bare_and_colons_stay_text() -> None:
    # when
    bound = bind_placeholders(
        "select * from t where id = '{#ID#}' and n > {#min#} and s = 'a:b {#x#}' and d::date = :y"
    )
    # then the values go as parameters, a placeholder inside another literal stays text
    assert bound.names == ("ID", "min")
    assert (
        bound.sql == "select * from t where id = :p0 and n > :p1 and s = 'a\\:b {#x#}' and d\\:\\:date = \\:y"
    )


def test_the_first_word_skips_comments() -> None:
    assert first_word("/* why */ -- note\n  WITH x AS (select 1) select * from x") == "with"
    assert first_word("(select 1)") == "select"


def test_the_clients_lists_are_read_in_every_array_format() -> None:
    # brackets (the arrayFormat header), indices (qs default), repeat, and a JSON body's lists
    brackets = [
        ("field[]", "a"),
        ("field[]", "b"),
        ("defaultValue[]", "1"),
        ("defaultValue[]", "2"),
        ("defaultValue[]", ""),
    ]
    indices = [("field[1]", "b"), ("field[0]", "a"), ("defaultValue[0]", "1"), ("defaultValue[1]", "2")]
    body = [("field", ["a", "b"]), ("defaultValue", ["1", "2", ""])]
    for items in (brackets, indices, body):
        assert values_of(items) == {"a": "1", "b": "2"}
    assert listed([("field", "a"), ("field", "b")], "field") == ["a", "b"]
