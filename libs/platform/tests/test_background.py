"""A background loop runs while its block lasts and is stopped and awaited when the block ends."""

from __future__ import annotations

import asyncio

import pytest

from loom_platform.background import running


class Loop:
    """Counts its rounds until stopped; fails on stopping when told to."""

    def __init__(self, *, fail_on_stop: bool = False) -> None:
        self.rounds = 0
        self.ended = False
        self._stopping = asyncio.Event()
        self._fail_on_stop = fail_on_stop

    async def run(self) -> None:
        while not self._stopping.is_set():
            self.rounds += 1
            await asyncio.sleep(0.01)
        self.ended = True
        if self._fail_on_stop:
            raise RuntimeError("the loop failed")

    def stop(self) -> None:
        self._stopping.set()


async def test_a_loop_runs_during_the_block_and_has_ended_after_it() -> None:
    # given a loop
    loop = Loop()
    # when a block runs it for a while
    async with running(loop, name="counting"):
        await asyncio.sleep(0.05)
        # then it runs meanwhile
        assert loop.rounds > 0
        assert not loop.ended
    # and has ended when the block has
    assert loop.ended


async def test_the_block_s_own_error_stands_and_the_loop_s_is_dropped() -> None:
    # given a loop that fails on stopping
    loop = Loop(fail_on_stop=True)
    # when the block raises, then its error is the one that comes out, and the loop has ended
    with pytest.raises(KeyError):
        async with running(loop, name="failing"):
            await asyncio.sleep(0.02)
            raise KeyError("the block failed")
    assert loop.ended
