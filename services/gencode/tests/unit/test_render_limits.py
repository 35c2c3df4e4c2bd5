"""A user's template that fails, loops for ever or writes without end is a 400 naming it."""

from __future__ import annotations

import time

import pytest

from loom_gencode.generate.render import Budget, render, render_all
from loom_platform.errors import InvalidArgument

FILE = "{% set output_path = 'back/a.py' %}"


@pytest.mark.parametrize(
    "source",
    [
        "{{ 1/0 }}",
        "{{ 9 ** 99999999 }}",
        "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}",
        "{{ 'x' * 100000000 }}",
        "{% for i in range(60000000) %}{% endfor %}",
        "{{ undefined_name }}",
        "{% for %}",
    ],
)
def test_a_template_that_cannot_render_is_refused_with_its_name(source: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        render("坏模板", FILE + source, {})
    assert caught.value.message().startswith("模板[坏模板]渲染失败")


def test_nested_loops_stop_at_the_time_limit() -> None:
    # given loops of ten billion steps in all
    source = FILE + "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
    # when rendered with a budget of half a second
    started = time.monotonic()
    with pytest.raises(InvalidArgument) as caught:
        render("loops", source, {}, Budget(seconds=0.5))
    # then it stops soon after, saying why
    assert time.monotonic() - started < 2
    assert "longer than 0.5 s" in caught.value.message()


def test_output_beyond_the_limit_is_refused() -> None:
    source = FILE + "{% for i in range(100000) %}{{ 'x' * 100 }}{% endfor %}"
    with pytest.raises(InvalidArgument) as caught:
        render("big", source, {})
    assert "output too large" in caught.value.message()


def test_an_ordinary_template_still_renders_its_file() -> None:
    files = render_all([("ok", FILE + "{% for i in range(3) %}{{ i }}{% endfor %}", {})])
    assert [(f.path, f.content) for f in files] == [("back/a.py", "012")]
