"""A writer's description of its changes deferred until the request's log entry is built
(``oplog.record_later``): the workflow engine hands over its change set inside the command and the
before/after are built once the block (the request) is over."""

from __future__ import annotations

from loom_platform import oplog


def test_a_deferred_description_is_built_when_the_request_ends_and_never_outside_one() -> None:
    built: list[str] = []

    def describe() -> None:
        built.append("built")
        oplog.record("act_ru_task", "t1", {"assignee": "a"}, {"assignee": "b"})

    with oplog.collecting() as changes:
        oplog.record_later(describe)
        assert built == [] and changes == []  # nothing built while the writer holds its lock
    assert built == ["built"]
    assert changes == [("act_ru_task t1", {"assignee": "a"}, {"assignee": "b"})]
    oplog.record_later(describe)  # outside a logged request: dropped
    assert built == ["built"]


def test_a_failing_description_fails_nothing() -> None:
    def broken() -> None:
        raise RuntimeError("boom")

    with oplog.collecting() as changes:
        oplog.record_later(broken)
        oplog.record("t", "1", None, {"x": 1})
    assert changes == [("t 1", None, {"x": 1})]
