"""A user's template that fails, loops for ever or writes without end is a 400 naming it."""

from __future__ import annotations

import time

import pytest

from loom_gencode.generate.render import KILL_GRACE_SECONDS, Budget, render, render_all, render_isolated
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


@pytest.mark.parametrize(
    "loop",
    [
        "{% set s = 'x' * 12000 %}{% for a in s %}{% for b in s %}{% endfor %}{% endfor %}",
        "{% set s = 'x' * 12000 %}{% for a in s|list %}{% for b in s|list %}{% endfor %}{% endfor %}",
        "{% set d = {'a': 1} %}{% for a in 'x' * 12000 %}{% for k in d %}{% for b in 'y' * 12000 %}{% endfor %}{% endfor %}"
        "{% endfor %}",
    ],
)
def test_every_loop_step_counts_whatever_the_loop_iterates(loop: str) -> None:
    # given loops over a string (or a list) of 144 million steps in all
    started = time.monotonic()
    # when rendered with a budget of half a second
    with pytest.raises(InvalidArgument) as caught:
        render("strings", FILE + loop, {}, Budget(seconds=0.5))
    # then it stops at the budget (with a busy machine's margin)
    assert time.monotonic() - started < 3
    assert "longer than 0.5 s" in caught.value.message()


@pytest.mark.parametrize(
    "source",
    ["{{ '%100000000d' % 1 }}", "{{ '%*d' % (100000000, 1) }}", "{{ '{:>100000000}'.format(1) }}"],
)
def test_a_format_that_builds_a_huge_string_at_once_is_refused(source: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        render("wide", FILE + source, {})
    assert "format width too large" in caught.value.message()


def test_a_render_that_never_reaches_a_check_is_stopped_from_the_outside() -> None:
    # given a template whose one operation runs for minutes inside Python (no loop, no call to tick)
    source = FILE + "{% set x = ((10 ** 1000) ** 1000) ** 1000 %}done"
    render_isolated([("warm", FILE, {})], "组")  # the fork server starts once, with gencode
    started = time.monotonic()
    # when it renders in its child process with a budget of half a second
    with pytest.raises(InvalidArgument) as caught:
        render_isolated([("hog", source, {})], "模板组", seconds=0.5)
    # then the child is killed soon after the budget, and the group is named
    assert time.monotonic() - started < 0.5 + KILL_GRACE_SECONDS + 3  # (a busy machine's margin)
    assert caught.value.message() == "模板[模板组]渲染失败: rendering took longer than 0.5 s"


def test_an_isolated_render_answers_its_files_and_its_templates_failures() -> None:
    files = render_isolated([("ok", FILE + "{% for c in 'ab' %}{{ c }}{% endfor %}", {})], "组")
    with pytest.raises(InvalidArgument) as caught:
        render_isolated([("坏模板", FILE + "{{ 1/0 }}", {})], "组")
    assert [(f.path, f.content) for f in files] == [("back/a.py", "ab")]
    assert caught.value.message().startswith("模板[坏模板]渲染失败")
