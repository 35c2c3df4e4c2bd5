"""sys's answers as commands read them (``extension/answers.py``): a miss inside a command asks its
runner to fetch outside the lock; an unreachable sys leaves the older answer in use, or a clear error."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from loom_platform.errors import Unavailable
from loom_workflow.engine.hooks import NeedsPrefetch
from loom_workflow.extension.answers import DirectoryAnswers, reviewers_want


class Sys:
    def __init__(self) -> None:
        self.down = False
        self.asked: list[Any] = []

    async def resolve_reviewers(self, rules: Any, **context: str) -> list[str]:
        self.asked.append((list(rules), context))
        if self.down:
            raise ConnectionError("sys is down")
        return [f"{rules[0][1]}-member"]


def _answers(directory: Sys) -> DirectoryAnswers:
    return DirectoryAnswers(directory, lambda _: None, defer=True, ttl=0.05, timeout=1.0)


def test_a_miss_inside_a_command_names_what_to_fetch_and_the_fetched_answer_serves_it() -> None:
    directory = Sys()
    answers = _answers(directory)
    with pytest.raises(NeedsPrefetch) as need:
        answers.reviewers("applyUserDeptManager", "", initiator="u1", actor="u2")
    assert need.value.wants == [reviewers_want("applyUserDeptManager", "", initiator="u1", actor="u2")]
    asyncio.run(answers.fetch(need.value.wants))
    assert answers.reviewers("applyUserDeptManager", "", initiator="u1", actor="u2") == ["-member"]
    # the initiator is asked for, the actor is not part of this question
    assert directory.asked == [
        (
            [("applyUserDeptManager", "")],
            {"initiator_id": "u1", "previous_executor_id": "", "current_user_id": ""},
        )
    ]


def test_an_unreachable_sys_leaves_the_older_answer_in_use_or_says_it_is_unavailable() -> None:
    directory = Sys()
    answers = _answers(directory)
    want = reviewers_want("role", "r1", initiator="", actor="")
    asyncio.run(answers.fetch([want]))
    directory.down = True
    asyncio.run(asyncio.sleep(0.06))  # the answer is past its time
    asyncio.run(answers.fetch([want]))  # sys does not answer: the older answer stays in use
    assert answers.members(["r1"]) == ["r1-member"]
    with pytest.raises(Unavailable):
        asyncio.run(answers.fetch([reviewers_want("role", "r2", initiator="", actor="")]))


def test_sys_changes_drop_the_answers_they_may_alter() -> None:
    answers = _answers(Sys())
    answers._ttl = 60
    asyncio.run(answers.fetch([reviewers_want("post", "p1", initiator="", actor="")]))
    answers.on_sys_change("loom.sys.menu.changed")
    assert answers.reviewers("post", "p1", initiator="", actor="") == ["p1-member"]
    answers.on_sys_change("loom.sys.office.changed")
    with pytest.raises(NeedsPrefetch):
        answers.reviewers("post", "p1", initiator="", actor="")
