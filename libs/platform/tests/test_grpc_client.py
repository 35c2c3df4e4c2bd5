"""A service builds its gRPC clients before its event loop runs (the app factory), and a test may
build one after another test closed the thread's loop: neither may fail."""

from __future__ import annotations

import asyncio

import grpc

from loom_platform.grpc import Client


def test_a_client_is_made_while_no_event_loop_is_current() -> None:
    # given a thread whose event loop was closed and unset (as pytest-asyncio leaves it)
    asyncio.set_event_loop(None)

    # when a client and a stub on it are made outside any loop
    client = Client("127.0.0.1:9", deadline_seconds=0.2)
    stubs_made: list[grpc.aio.Channel] = []

    # then the channel is made in the loop that first uses it, once
    def make_stub(channel: grpc.aio.Channel) -> grpc.aio.Channel:
        stubs_made.append(channel)
        return channel

    async def use() -> None:
        first = client.stub(make_stub)
        again = client.stub(make_stub)
        assert first is again is client.channel
        await client.close()

    asyncio.run(use())
    assert len(stubs_made) == 1
