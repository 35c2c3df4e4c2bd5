"""The user's role ids (the to-do list's candidate groups) are a list, cached a minute, and dropped at
once when sys announces a change of that user or of any role."""

from __future__ import annotations

import asyncio
import time

import nats

from loom_workflow import users

from ..conftest import Env


class Directory:
    """sys as the cache asks it: each answer counted."""

    def __init__(self) -> None:
        self.calls = 0
        self.roles = ["r-hr", "r-finance"]

    async def users(self, ids: list[str]) -> list[object]:
        self.calls += 1
        return [
            type(
                "U",
                (),
                {
                    "id": i,
                    "name": i,
                    "login_name": i,
                    "office_id": "",
                    "company_id": "",
                    "role_ids": list(self.roles),
                },
            )()
            for i in ids
        ]


async def _until(predicate: object, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the cache was not dropped"
        await asyncio.sleep(0.02)


async def test_role_ids_are_a_list_and_sys_events_drop_them(env: Env) -> None:
    # given: bob's roles read once and cached
    users.forget()
    directory = Directory()
    assert await users.user_roles(directory, "u-bob") == ["r-hr", "r-finance"]
    assert await users.user_roles(directory, "u-bob") == ["r-hr", "r-finance"]
    assert directory.calls == 1
    nc = await nats.connect(env.nats_url)
    try:
        # when sys says bob changed (his roles did)
        directory.roles = ["r-hr"]
        await nc.publish("loom.sys.user.changed", b"", headers={"Loom-User-Id": "u-bob"})
        await _until(lambda: "u-bob" not in users._cache)
        # then his next read asks sys again
        assert await users.user_roles(directory, "u-bob") == ["r-hr"]
        # and a role's change drops everyone's
        await users.user_roles(directory, "u-carol")
        await nc.publish("loom.sys.role.changed", b"")
        await _until(lambda: not users._cache)
    finally:
        await nc.close()
