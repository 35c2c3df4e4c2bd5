"""NATS and JetStream: connections, streams, durable idempotent consumers, broadcast listeners."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import nats
from nats.aio.client import Client as NatsClient
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import ConsumerConfig, DeliverPolicy, RetentionPolicy, StreamConfig
from nats.js.errors import NotFoundError

from loom_platform.logging import REQUEST_ID_HEADER, new_request_id, request_id
from loom_platform.outbox import header

log = logging.getLogger(__name__)

Handler = Callable[[Msg], Awaitable[None]]
BatchHandler = Callable[[Sequence[Msg]], Awaitable[None]]


# How long closing a connection waits for its subscriptions to drain. nats-py's default is 30 s, and
# a pull subscription whose consumer has already stopped (a durable consumer's messages fetched but
# never handled) never drains: a service then outlived Docker's 10 s after SIGTERM and was killed.
# What is left undrained is redelivered (durable consumers) or was a broadcast (listeners).
DRAIN_SECONDS = 2


async def connect(url: str, name: str) -> NatsClient:
    """Connects with reconnects forever (a service outlives a NATS restart)."""
    return await nats.connect(
        url,
        name=name,
        max_reconnect_attempts=-1,
        reconnect_time_wait=0.5,
        connect_timeout=3,
        drain_timeout=DRAIN_SECONDS,
    )


async def close(nc: NatsClient) -> None:
    """Drains the connection; when NATS stopped first (Ctrl-C stops everything at once), just closes."""
    try:
        await nc.drain()  # gives up after DRAIN_SECONDS (ErrDrainTimeout)
    except Exception:  # the server is gone, or a subscription would not drain: just close
        await nc.close()


async def ensure_stream(
    js: JetStreamContext,
    name: str,
    subjects: list[str],
    *,
    work_queue: bool = False,
    duplicate_window_seconds: float = 600,
) -> None:
    """Creates the stream, or updates its subjects; de-duplication covers relay restarts."""
    config = StreamConfig(
        name=name,
        subjects=subjects,
        retention=RetentionPolicy.WORK_QUEUE if work_queue else RetentionPolicy.LIMITS,
        duplicate_window=duplicate_window_seconds,
        max_age=7 * 24 * 3600,
    )
    try:
        await js.stream_info(name)
    except NotFoundError:
        await js.add_stream(config)
        return
    await js.update_stream(config)


class DurableConsumer:
    """A pull consumer with a durable name: each message is handled, then acknowledged.

    The handler must be idempotent (use :func:`loom_platform.outbox.already_handled` inside
    its transaction): a message whose ack was lost is delivered again.

    With a ``batch_handler`` a fetched batch is handled in one call (one transaction: a consumer
    that writes a row per message then pays one commit and one statement for the batch instead of
    one each); when the batch fails, its messages are handled one by one by ``handler``, so one bad
    message is redelivered alone and the rest take effect.
    """

    def __init__(
        self,
        js: JetStreamContext,
        *,
        stream: str,
        durable: str,
        subject: str | Sequence[str],
        handler: Handler,
        batch_handler: BatchHandler | None = None,
        batch: int = 50,
        ack_wait_seconds: float = 30,
        max_deliver: int = 20,
        deliver_new: bool = False,
    ) -> None:
        self._js = js
        self._stream = stream
        self._durable = durable
        subjects = [subject] if isinstance(subject, str) else list(subject)
        self._subject = subjects[0]
        self._filter = subjects
        self._handler = handler
        self._batch_handler = batch_handler
        self._batch = batch
        self._config = ConsumerConfig(
            durable_name=durable,
            ack_wait=ack_wait_seconds,
            max_deliver=max_deliver,
            filter_subject=subjects[0] if len(subjects) == 1 else None,
            filter_subjects=subjects if len(subjects) > 1 else None,
            # A new durable starts with the stream's first message, or (deliver_new) with the next one.
            deliver_policy=DeliverPolicy.NEW if deliver_new else DeliverPolicy.ALL,
        )
        self._stopping = asyncio.Event()

    async def run(self) -> None:
        """Fetches and handles batches until :meth:`stop`."""
        await self._refilter()
        sub = await self._js.pull_subscribe(
            self._subject, durable=self._durable, stream=self._stream, config=self._config
        )
        while not self._stopping.is_set():
            try:
                messages = await sub.fetch(self._batch, timeout=1)
            except (TimeoutError, nats.errors.TimeoutError):
                continue
            except Exception:
                log.exception("fetch failed for consumer %s", self._durable)
                await asyncio.sleep(1)
                continue
            if self._batch_handler is not None and len(messages) > 1 and await self._handle_batch(messages):
                continue
            for position, msg in enumerate(messages, start=1):
                await self._handle(msg, confirm=position == len(messages))

    async def _refilter(self) -> None:
        """Gives an existing durable this consumer's filter when it was created with another one."""
        try:
            info = await self._js.consumer_info(self._stream, self._durable)
        except NotFoundError:
            return  # pull_subscribe creates it with this filter
        config = info.config
        existing = list(config.filter_subjects or []) or (
            [config.filter_subject] if config.filter_subject else []
        )
        if sorted(existing) == sorted(self._filter):
            return
        log.info("consumer %s: filter %s becomes %s", self._durable, existing, self._filter)
        await self._js.add_consumer(  # an existing durable's create is an update (NATS 2.10+)
            self._stream,
            config.evolve(
                filter_subject=self._config.filter_subject, filter_subjects=self._config.filter_subjects
            ),
        )

    async def _handle_batch(self, messages: Sequence[Msg]) -> bool:
        """Handles the batch at once and acknowledges it; False (nothing acknowledged) when it failed."""
        assert self._batch_handler is not None
        token = request_id.set(new_request_id())
        try:
            await self._batch_handler(messages)
        except Exception:
            log.warning(
                "consumer %s: a batch of %d failed; handling it message by message",
                self._durable,
                len(messages),
                exc_info=True,
            )
            return False
        finally:
            request_id.reset(token)
        # The acks go out together; the server answers the last one after it has taken the earlier ones
        # (one connection keeps their order). A lost ack only redelivers an idempotent message.
        for msg in messages[:-1]:
            await msg.ack()
        await messages[-1].ack_sync()
        return True

    async def _handle(self, msg: Msg, *, confirm: bool = True) -> None:
        """Handles one message. Its ack waits for the server's answer only when ``confirm`` (the last of
        a fetched batch): the server takes a connection's acks in order, so that answer covers the
        earlier ones, and the consumer no longer waits a round trip per message (most of a workflow
        event's cost to the notice consumer, which skips most of them)."""
        token = request_id.set(header(msg, REQUEST_ID_HEADER) or new_request_id())
        try:
            await self._handler(msg)
            await (msg.ack_sync() if confirm else msg.ack())
        except Exception:
            log.exception("consumer %s failed on %s; redelivering", self._durable, msg.subject)
            await msg.nak(delay=1)
        finally:
            request_id.reset(token)

    def stop(self) -> None:
        self._stopping.set()


async def listen(nc: NatsClient, subject: str, callback: Callable[[Msg], Any]) -> Any:
    """A plain (non-durable) subscription every instance receives, e.g. cache invalidation."""

    async def _on_message(msg: Msg) -> None:
        try:
            result = callback(msg)
            if asyncio.iscoroutine(result):
                await result
        except Exception:
            log.exception("listener on %s failed", subject)

    return await nc.subscribe(subject, cb=_on_message)


def message_id(msg: Msg) -> str:
    """The de-duplication id the outbox gave the message (``Nats-Msg-Id``)."""
    return header(msg, "Nats-Msg-Id") or f"{msg.metadata.stream}:{msg.metadata.sequence.stream}"
