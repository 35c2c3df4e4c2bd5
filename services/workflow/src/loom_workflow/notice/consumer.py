"""Turns the workflow's outbox events into notices: a durable consumer (one delivery per event
across the worker processes, ``loom-workflow worker``) stores them and pushes each to its user's
open streams in every API process, then sends it through the configured channels (email).

It runs in the workers, not in the API processes, and asks the server only for the subjects that
make notices: receiving every event of the service cost an API process ~2.4 ms of CPU per audit."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from nats.aio.client import Client as NatsClient
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from loom_platform import background, db, messaging
from loom_platform.db import transaction
from loom_platform.outbox import newly_handled
from loom_workflow.jobs.worker import WorkerParts
from loom_workflow.notice import service
from loom_workflow.notice.channels import Channel, EmailChannel, Recipient, message_of
from loom_workflow.notice.hub import PUSH_SUBJECT, Hub, pushed
from loom_workflow.notice.models import Notice
from loom_workflow.settings import WorkflowSettings
from loom_workflow.task.audience import MembersOf

log = logging.getLogger(__name__)


def channels_of(settings: WorkflowSettings) -> list[Channel]:
    """The channels the settings configure (email when an SMTP host is set)."""
    if not settings.smtp_host:
        return []
    return [
        EmailChannel(
            host=settings.smtp_host,
            port=settings.smtp_port,
            sender=settings.smtp_sender,
            user=settings.smtp_user,
            password=settings.smtp_password,
            starttls=settings.smtp_starttls,
        )
    ]


async def send(
    channels: Sequence[Channel], directory: Any, notices: Sequence[Notice], portal_url: str
) -> int:
    """Sends each notice through every channel that reaches its user; answers how many went out."""
    if not channels or not notices:
        return 0
    users = await directory.users(sorted({n.user_id for n in notices}))
    people = {u.id: Recipient(u.id, u.name, getattr(u, "email", "") or "") for u in users}
    sent = 0
    for notice in notices:
        person = people.get(notice.user_id)
        if person is None:
            continue
        link = f"{portal_url.rstrip('/')}/flowable/task/TodoList" if notice.task_id else portal_url
        text = message_of(notice.kind, notice.title, notice.detail, link)
        for channel in channels:
            if not channel.reaches(person):
                continue
            try:
                await channel.send(person, text)
                sent += 1
            except Exception:  # the in-app notice is stored: a channel's failure is logged, not retried
                log.warning(
                    "notice %s not sent by %s to %s", notice.id, channel.name, person.user_id, exc_info=True
                )
    return sent


def durable_name(settings: WorkflowSettings) -> str:
    """The consumer's durable name: every process of one deployment (one database) shares it."""
    if settings.notice_durable:
        return settings.notice_durable
    database = make_url(settings.database_url).database or "workflow"
    return "workflow-notices-" + re.sub(r"[^A-Za-z0-9_-]", "_", database)


@dataclass(frozen=True)
class NoticeWork:
    """What the consumer needs of the process it runs in."""

    settings: WorkflowSettings
    session_factory: async_sessionmaker[AsyncSession]
    nats: NatsClient
    js: JetStreamContext
    directory: Any  # sys's directory: the users' names and email addresses for the channels
    members_of: MembersOf  # the reviewer resolver's members_now: asks sys, holds no instance lock


def consumer_enabled(settings: WorkflowSettings) -> bool:
    """Whether a worker process runs the consumer (by default yes, except in test mode, where the
    tests start it where they need it)."""
    return settings.notice_consumer if settings.notice_consumer is not None else settings.mode != "test"


@asynccontextmanager
async def in_worker(parts: WorkerParts) -> AsyncIterator[None]:
    """In a worker process (``loom-workflow worker``): the consumer, unless turned off, on a small
    pool of its own."""
    settings = parts.settings
    if not consumer_enabled(settings):
        yield
        return
    engine = db.create_engine(settings.database_url, pool_size=2)
    work = NoticeWork(
        settings,
        db.session_factory(engine),
        parts.nats,
        parts.js,
        parts.directory,
        parts.runtime.resolver.members_now,
    )
    try:
        # the service's stream, which the API processes also make: a worker may start first
        await messaging.ensure_stream(parts.js, settings.stream_name, [f"loom.{settings.service_name}.>"])
        async with consuming(work):
            yield
    finally:
        await engine.dispose()


@asynccontextmanager
async def notices(app: FastAPI) -> AsyncIterator[None]:
    """For an API process's lifetime: the hub of the open notice streams, fed from NATS (the
    workers' consumer publishes each stored notice there)."""
    hub = app.state.notice_hub = Hub()
    subscription = await messaging.listen(app.state.nats, PUSH_SUBJECT, lambda msg: hub.deliver(msg.data))
    try:
        yield
    finally:
        await subscription.unsubscribe()


@asynccontextmanager
async def consuming(work: NoticeWork) -> AsyncIterator[None]:
    """Runs the durable consumer turning the service's events into notices."""
    settings = work.settings
    durable = durable_name(settings)
    channels = channels_of(settings)

    async def handle(msg: Msg) -> None:
        await handle_batch([msg])

    async def handle_batch(messages: Sequence[Msg]) -> None:
        # one transaction, one inbox statement and one insert of notices per fetched batch: a workflow
        # command's events arrive together, and most make no notice
        wanted = [(msg, messaging.message_id(msg)) for msg in messages if msg.subject in service.SUBJECTS]
        if not wanted:  # a NATS server older than 2.10 ignores the filter
            return
        async with work.session_factory() as session, transaction(session):
            fresh = await newly_handled(session, durable, [message_id for _, message_id in wanted])
            found: list[service.Draft] = []
            for msg, message_id in wanted:
                if message_id in fresh:
                    fresh.discard(message_id)  # a message fetched twice in one batch counts once
                    found += await service.drafts(session, msg.subject, msg.data, message_id, work.members_of)
            stored = await service.store(session, found)
        for notice in stored:
            await work.nats.publish(PUSH_SUBJECT, pushed(notice.user_id, service.render(notice)))
        await send(channels, work.directory, stored, settings.portal_url)

    # the durable keeps its name (and its place in the stream) from when it took every subject
    consumer = messaging.DurableConsumer(
        work.js,
        stream=settings.stream_name,
        durable=durable,
        subject=list(service.SUBJECTS),
        handler=handle,
        batch_handler=handle_batch,
        deliver_new=True,
    )
    async with background.running(consumer, name="workflow-notices"):
        yield
