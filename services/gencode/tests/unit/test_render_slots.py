"""One user's renders never block another's: a user holds one render slot at most."""

from __future__ import annotations

import asyncio

from loom_gencode.generate.slots import FairSlots


async def test_a_user_with_renders_waiting_leaves_the_other_slots_to_others() -> None:
    # given two slots, and alice holding one with a second render of hers waiting
    slots = FairSlots(total=2, per_user=1)
    release = asyncio.Event()
    order: list[str] = []

    async def render(user: str, name: str, wait: bool) -> None:
        async with slots.hold(user):
            order.append(name)
            if wait:
                await release.wait()

    first = asyncio.create_task(render("alice", "alice-1", True))
    second = asyncio.create_task(render("alice", "alice-2", True))
    await asyncio.sleep(0)
    # when bob renders
    await asyncio.wait_for(render("bob", "bob-1", False), timeout=1)
    # then bob did not wait for alice's renders, which ran one after the other
    assert order == ["alice-1", "bob-1"]
    release.set()
    await asyncio.gather(first, second)
    assert order == ["alice-1", "bob-1", "alice-2"]
