"""The caller's data scope (sys's data rules for a module's menu) is asked of sys once per user and
button, not on every request, and dropped at once when sys announces a change of that user or of
any role (a role's data rules announce themselves as the role's change)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import nats

from loom_apps.module.platform import SysPlatform
from loom_platform.datarules import DataAccess, Viewer


class Directory:
    """sys as the host asks it: each answer counted, the scope changeable."""

    def __init__(self) -> None:
        self.calls = 0
        self.everything = False

    async def data_access(self, user_id: str, *, permission: str = "") -> DataAccess:  # noqa: ARG002
        self.calls += 1
        return DataAccess(everything=self.everything, viewer=Viewer(user_id=user_id))


async def _until(predicate: Callable[[], bool], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "the scope was not dropped"
        await asyncio.sleep(0.02)


async def test_scopes_are_cached_and_sys_events_drop_them(nats_url: str) -> None:
    # given: bob's scope on a module's menu asked once, then answered from the cache
    directory = Directory()
    platform = SysPlatform(directory)  # type: ignore[arg-type]
    nc = await nats.connect(nats_url)
    try:
        await platform.follow(nc)
        assert not (await platform.data_access("u-bob", "m:t:view")).everything
        assert not (await platform.data_access("u-bob", "m:t:view")).everything
        await platform.data_access("u-carol", "m:t:view")
        assert directory.calls == 2

        # when sys says bob changed (a role given that sees everything)
        directory.everything = True
        await nc.publish("loom.sys.user.changed", b"", headers={"Loom-User-Id": "u-bob"})
        await _until(lambda: ("u-bob", "m:t:view") not in platform._scopes)
        # then bob's next request sees the new scope, carol's is still cached
        assert (await platform.data_access("u-bob", "m:t:view")).everything
        assert not (await platform.data_access("u-carol", "m:t:view")).everything
        assert directory.calls == 3

        # and a role's change (its data rules) drops everyone's
        await nc.publish("loom.sys.role.changed", b"")
        await _until(lambda: not platform._scopes)
        assert (await platform.data_access("u-carol", "m:t:view")).everything
    finally:
        await nc.close()


async def test_an_answer_asked_before_a_change_is_not_kept() -> None:
    # a change announced while sys is answering: that answer serves its request, never the next
    directory = Directory()
    platform = SysPlatform(directory)  # type: ignore[arg-type]
    asked = asyncio.Event()
    release = asyncio.Event()
    original = directory.data_access

    async def slow(user_id: str, *, permission: str = "") -> DataAccess:
        asked.set()
        await release.wait()
        return await original(user_id, permission=permission)

    directory.data_access = slow  # type: ignore[method-assign]
    request = asyncio.create_task(platform.data_access("u-bob", "m:t:view"))
    await asked.wait()
    platform.on_sys_change("loom.sys.role.changed", None)
    release.set()
    await request
    assert not platform._scopes
