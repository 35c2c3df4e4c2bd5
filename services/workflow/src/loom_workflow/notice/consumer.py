"""Turns the workflow's outbox events into notices: a durable consumer (one delivery per event
across the API processes) stores them and pushes each to its user's open streams in every process,
then sends it through the configured channels (email)."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from nats.aio.msg import Msg
from sqlalchemy.engine import make_url

from loom_platform import background, messaging
from loom_platform.db import transaction
from loom_platform.outbox import already_handled
from loom_workflow.notice import service
from loom_workflow.notice.channels import Channel, EmailChannel, Recipient, message_of
from loom_workflow.notice.hub import PUSH_SUBJECT, Hub, pushed
from loom_workflow.notice.models import Notice
from loom_workflow.settings import WorkflowSettings

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


@asynccontextmanager
async def notices(app: FastAPI) -> AsyncIterator[None]:
    """For the app's lifetime: the hub of open streams fed from NATS, and (unless turned off, as in
    tests, which start it where they need it) the durable consumer."""
    settings: WorkflowSettings = app.state.runtime.settings
    hub = app.state.notice_hub = Hub()
    subscription = await messaging.listen(app.state.nats, PUSH_SUBJECT, lambda msg: hub.deliver(msg.data))
    enabled = settings.notice_consumer if settings.notice_consumer is not None else settings.mode != "test"
    try:
        if enabled:
            async with consuming(app):
                yield
        else:
            yield
    finally:
        await subscription.unsubscribe()


@asynccontextmanager
async def consuming(app: FastAPI) -> AsyncIterator[None]:
    """Runs the durable consumer turning the service's events into notices."""
    settings: WorkflowSettings = app.state.runtime.settings
    durable = durable_name(settings)
    channels = channels_of(settings)
    members_of = app.state.runtime.resolver.members_now  # no instance lock here: sys may be waited for

    async def handle(msg: Msg) -> None:
        if msg.subject not in service.SUBJECTS:
            return
        async with app.state.session_factory() as session, transaction(session):
            if await already_handled(session, durable, messaging.message_id(msg)):
                return
            found = await service.drafts(
                session, msg.subject, msg.data, messaging.message_id(msg), members_of
            )
            stored = await service.store(session, found)
        for notice in stored:
            await app.state.nats.publish(PUSH_SUBJECT, pushed(notice.user_id, service.render(notice)))
        await send(channels, app.state.directory, stored, settings.portal_url)

    # one consumer of the service's stream: the few subjects that make notices are picked above
    consumer = messaging.DurableConsumer(
        app.state.js,
        stream=settings.stream_name,
        durable=durable,
        subject="loom.workflow.>",
        handler=handle,
        deliver_new=True,
    )
    async with background.running(consumer, name="workflow-notices"):
        yield
