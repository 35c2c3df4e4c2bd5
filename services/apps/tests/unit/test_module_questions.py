"""What the host answers a module's worker: a workflow form's module learns the processes of its own
tables' records, never another module's."""

from __future__ import annotations

from typing import Any

import pytest

from loom_apps.sandbox.platform import for_module


@pytest.mark.asyncio
async def test_a_module_asks_only_for_the_processes_of_its_own_records() -> None:
    # given the host's answers and a module of the table leave
    asked: list[tuple[str, dict[str, Any]]] = []

    async def host(op: str, args: dict[str, Any]) -> Any:
        asked.append((op, args))
        return {}

    module = for_module(host, ["leave"])
    # when it asks for its own record, another table's, and one named like its table
    await module("process_states", {"keys": ["leave:1", "salary:7", "leave_x:2"], "user_id": "u"})
    await module("dict_labels", {"types": ["yes_no"]})
    # then only its own record's key reaches the platform; other questions pass unchanged
    assert asked == [
        ("process_states", {"keys": ["leave:1"], "user_id": "u"}),
        ("dict_labels", {"types": ["yes_no"]}),
    ]
