"""The notice centre: the outbox's events become notices for the people concerned (a new task, an
urge, the result of one's request), once each, read and unread; email goes through an SMTP server
(a real one, aiosmtpd, started by the test)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.header import decode_header, make_header
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from nats.js.errors import NotFoundError

from loom_platform.db import transaction
from loom_workflow.engine.commands import GetVariables
from loom_workflow.jobs.worker import WorkerParts
from loom_workflow.notice import service
from loom_workflow.notice.channels import EmailChannel, Recipient, message_of
from loom_workflow.notice.consumer import durable_name
from loom_workflow.notice.consumer import in_worker as notices_in_worker
from loom_workflow.task import reminders

from ..conftest import ADMIN, Env
from .helpers import audit, deploy, flow, node, process, start, task_of
from .test_operations import PARALLEL, SIMPLE, SIMPLE_EXT, worker


async def _notices(env: Env, user: str, want: int, **params: Any) -> dict[str, Any]:
    """The user's notices once at least ``want`` are there (the consumer works after the commit)."""
    for _ in range(100):
        answer = await env.client.get("/flowable/notice/list", params=params, headers=env.headers(user))
        assert answer.status_code == 200, answer.text
        if answer.json()["total"] >= want:
            return dict(answer.json())
        await asyncio.sleep(0.1)
    raise AssertionError(f"{user} has fewer than {want} notices: {answer.json()}")


@pytest.fixture
async def consuming(env: Env) -> Any:
    """The notice consumer, for this test only (a consumer writing while another test's tables
    are truncated deadlocks)."""
    state = env.app.state  # the worker process's parts: its NATS, sys's directory, the runtime
    settings = state.runtime.settings.model_copy(update={"notice_consumer": True})
    # a new durable starts at the next event: the events earlier tests published since the last
    # notice test (their tables truncated since) would otherwise come first
    with contextlib.suppress(NotFoundError):
        await state.js.delete_consumer(settings.stream_name, durable_name(settings))
    parts = WorkerParts(settings, state.nats, state.js, state.directory, state.runtime)
    async with notices_in_worker(parts):
        yield


async def test_a_task_an_urge_and_the_result_reach_the_right_people_once_each(
    env: Env, consuming: Any
) -> None:
    # given alice's request waiting for bob
    await deploy(env, "simple", "简单流程", SIMPLE, SIMPLE_EXT)
    pid = await start(env, "u-alice", "simple", "报销单")
    first = await _notices(env, "u-bob", 1)
    assert [(n["kind"], n["title"], n["detail"], n["read"]) for n in first["records"]] == [
        ("task", "报销单", "审批", False)
    ]
    # when alice urges it, bob approves, erin approves
    urged = await env.client.post(
        "/flowable/task/urge", data={"procInsId": pid, "message": "请尽快"}, headers=env.headers("u-alice")
    )
    assert urged.status_code == 200, urged.text
    bob = await _notices(env, "u-bob", 2)
    assert [(n["kind"], n["detail"]) for n in bob["records"]] == [("urge", "请尽快"), ("task", "审批")]
    assert bob["unread"] == 2
    # reading one leaves the other unread
    read = await env.client.put(
        "/flowable/notice/read", params={"ids": bob["records"][0]["id"]}, headers=env.headers("u-bob")
    )
    assert read.status_code == 200 and read.json() == "已标记为已读"
    assert (await env.client.get("/flowable/notice/unread", headers=env.headers("u-bob"))).json() == {
        "count": 1
    }
    await audit(env, "u-bob", (await task_of(env, "u-bob", pid))["task"]["id"])
    erin = await _notices(env, "u-erin", 1)
    assert [(n["kind"], n["detail"], n["read"]) for n in erin["records"]] == [("task", "复核", False)]
    await audit(env, "u-erin", (await task_of(env, "u-erin", pid))["task"]["id"])
    # then erin heard of hers, alice of the result; nobody of their own act
    alice = await _notices(env, "u-alice", 1)
    assert [(n["kind"], n["title"], n["detail"]) for n in alice["records"]] == [
        ("result", "报销单", "completed")
    ]
    # and the notices of the tasks they handled read as read: the bell counts nothing that is done
    for user in ("u-bob", "u-erin"):
        done = await _notices(env, user, 1)
        assert done["unread"] == 0 and all(n["read"] for n in done["records"]), user
        assert (await env.client.get("/flowable/notice/unread", headers=env.headers(user))).json() == {
            "count": 0
        }
    await env.client.put("/flowable/notice/read", headers=env.headers("u-alice"))
    unread = await _notices(env, "u-alice", 0, unread="1")
    assert unread["total"] == 0 and unread["unread"] == 0


async def test_one_urge_reminds_a_user_holding_two_tasks_of_the_request_once(
    env: Env, consuming: Any
) -> None:
    # given alice's request at two parallel tasks, both bob's
    await deploy(
        env,
        "par",
        "并行流程",
        PARALLEL,
        [
            node("par", "fill", [("applyUserId", "")]),
            node("par", "a", [("user", "u-bob")]),
            node("par", "b", [("user", "u-bob")]),
        ],
    )
    pid = await start(env, "u-alice", "par", "两个任务")
    await audit(env, "u-alice", (await task_of(env, "u-alice", pid))["task"]["id"])
    await _notices(env, "u-bob", 2)
    # when alice urges it
    await _urge(env, "u-alice", pid)
    # then bob hears of the urge once
    found = await _notices(env, "u-bob", 3)
    assert [n["kind"] for n in found["records"]].count("urge") == 1


HR = process(
    "hrtask",
    "人事办理",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="hr" name="人事办理" flowable:candidateGroups="r-hr,r-boss" flowable:candidateUsers="u-carol,u-bob"/>'
    '<endEvent id="end"/>' + flow("f1", "start", "hr") + flow("f2", "hr", "end"),
)


async def test_the_jeeplus_bell_lists_the_unread_notices_as_announcements_and_no_mail(
    env: Env, consuming: Any
) -> None:
    # given a task waiting for bob
    await deploy(env, "simple", "简单流程", SIMPLE, SIMPLE_EXT)
    await start(env, "u-alice", "simple", "出差单")
    await _notices(env, "u-bob", 1)
    # when the JeePlus client's bell fills itself at login
    params = {"current": 1, "size": 10}
    bell = await env.client.get(
        "/notify/list", params={"readFlag": 0, "isSelf": "true", **params}, headers=env.headers("u-bob")
    )
    mail = await env.client.get(
        "/mail/box/list", params={"readStatus": 0, **params}, headers=env.headers("u-bob")
    )
    # then the notice reads as an unread announcement, and the mailbox is empty
    assert bell.status_code == 200, bell.text
    (notice,) = bell.json()["records"]
    assert (notice["title"], notice["content"], notice["readFlag"], notice["type"]) == (
        "出差单",
        "审批",
        "0",
        "task",
    )
    assert notice["createBy"] == {"id": "", "name": "", "photo": ""} and notice["createDate"]
    assert (mail.status_code, mail.json()["records"], mail.json()["total"]) == (200, [], 0)
    # and once read it is no longer on the bell
    await env.client.put("/flowable/notice/read", headers=env.headers("u-bob"))
    again = await env.client.get(
        "/notify/list", params={"readFlag": 0, **params}, headers=env.headers("u-bob")
    )
    assert again.json()["total"] == 0


async def test_members_of_a_candidate_role_hear_of_a_new_task_once_each_never_of_their_own(
    env: Env, consuming: Any
) -> None:
    # given a task offered to the roles r-hr (carol, dave) and r-boss (erin), and to carol and bob
    await deploy(env, "hrtask", "人事办理", HR)
    # when dave, a member of r-hr, starts a request
    pid = await start(env, "u-dave", "hrtask", "入职手续")
    # then erin hears of it as a member of r-boss, bob as a candidate user, carol once though she
    # is both
    heard = [await _notices(env, user, 1) for user in ("u-erin", "u-bob", "u-carol")]
    for found in heard:
        assert [(n["kind"], n["title"], n["detail"], n["procInsId"]) for n in found["records"]] == [
            ("task", "入职手续", "人事办理", pid)
        ]
    # and dave, whose own act made the task, hears nothing, nor frank, who is in none of them
    # (one event's notices are stored in one transaction: theirs would be there by now)
    for user in ("u-dave", "u-frank"):
        answer = await env.client.get("/flowable/notice/list", headers=env.headers(user))
        assert answer.json()["total"] == 0, user


async def _kinds(env: Env, user: str) -> list[tuple[str, str]]:
    answer = await env.client.get("/flowable/notice/list", headers=env.headers(user))
    assert answer.status_code == 200, answer.text
    return [(n["kind"], n["detail"]) for n in answer.json()["records"]]


async def _urge(env: Env, user: str, pid: str) -> None:
    urged = await env.client.post(
        "/flowable/task/urge", data={"procInsId": pid, "message": "请尽快"}, headers=env.headers(user)
    )
    assert urged.status_code == 200, urged.text


async def test_an_urge_reaches_the_members_of_a_candidate_role_once_a_while_never_the_urger(
    env: Env, consuming: Any
) -> None:
    # given dave's request offered to the roles r-hr (carol, dave) and r-boss (erin), and to carol
    # and bob; each heard of the new task
    await deploy(env, "hrtask", "人事办理", HR)
    pid = await start(env, "u-dave", "hrtask", "入职手续")
    for user in ("u-erin", "u-bob", "u-carol"):
        await _notices(env, user, 1)
    # when dave urges it
    await _urge(env, "u-dave", pid)
    # then erin hears of it as a member of r-boss, bob as a candidate user, carol once though she
    # is both; dave, a member of r-hr, not of his own urge
    for user in ("u-erin", "u-bob", "u-carol"):
        found = await _notices(env, user, 2)
        assert [(n["kind"], n["detail"]) for n in found["records"]] == [
            ("urge", "请尽快"),
            ("task", "人事办理"),
        ], user
    assert await _kinds(env, "u-dave") == []
    # when the administrator urges it too, within ten minutes
    await _urge(env, ADMIN, pid)
    # then dave, a member not yet reminded, hears of it; the others were reminded a moment ago
    # (the urge's notices are stored in one transaction: theirs would be there with dave's)
    assert [(n["kind"], n["detail"]) for n in (await _notices(env, "u-dave", 1))["records"]] == [
        ("urge", "请尽快")
    ]
    for user in ("u-erin", "u-bob", "u-carol"):
        assert [kind for kind, _ in await _kinds(env, user)] == ["urge", "task"], user
    assert await _kinds(env, ADMIN) == []


async def test_a_deadline_reminder_reaches_the_members_of_a_candidate_role_once_each(
    env: Env, consuming: Any
) -> None:
    # given dave's request offered to r-hr, r-boss, carol and bob, due a second after it was made
    await deploy(env, "hrtask", "人事办理", HR)
    saved = await env.client.post(
        "/extension/nodeSetting/save",
        json=[
            {"processDefId": "hrtask", "taskDefId": "hr", "key": k, "value": v}
            for k, v in (("dueDuration", "PT1S"), ("dueAction", "remind"))
        ],
        headers=env.headers(),
    )
    assert saved.status_code == 200, saved.text
    pid = await start(env, "u-dave", "hrtask", "入职手续")
    # when the scheduler hands the due job to a worker
    async with worker(env):
        # then every member and candidate hears the task is overdue, dave too (no act of his), once
        # (dave, who made the task, heard nothing of it before)
        for user, want in (("u-erin", 2), ("u-bob", 2), ("u-carol", 2), ("u-dave", 1)):
            found = await _notices(env, user, want)
            deadline = [n["detail"] for n in found["records"] if n["kind"] == "deadline"]
            assert deadline == ["任务[人事办理]已超时"], user
    assert await _kinds(env, "u-frank") == []
    # and each of them counts as reminded of the task (an urge within ten minutes passes them by)
    seen = await env.app.state.runtime.call(
        lambda ctx: GetVariables(pid, local=True).execute(ctx)[reminders.REMINDED]
    )
    assert sorted(key.split(":")[1] for key in seen) == ["u-bob", "u-carol", "u-dave", "u-erin"]


async def test_one_who_copies_a_request_to_themselves_is_not_told_of_it(env: Env, consuming: Any) -> None:
    # given alice's request waiting for bob
    await deploy(env, "simple", "简单流程", SIMPLE, SIMPLE_EXT)
    pid = await start(env, "u-alice", "simple", "报销单")
    task = await task_of(env, "u-bob", pid)
    # when bob copies it to grace and to himself
    sent = await env.client.post(
        "/extension/flowCopy/save",
        data={"procInsId": pid, "taskId": task["task"]["id"], "userIds": "u-grace,u-bob"},
        headers=env.headers("u-bob"),
    )
    assert sent.status_code == 200, sent.text
    # then grace hears of the copy; bob only of his task (the copy's notices are stored together)
    grace = await _notices(env, "u-grace", 1)
    assert [(n["kind"], n["title"]) for n in grace["records"]] == [("copy", "报销单")]
    assert await _kinds(env, "u-bob") == [("task", "审批")]


class _Inbox:
    """aiosmtpd's handler: keeps what the server received."""

    def __init__(self) -> None:
        self.mails: list[tuple[str, list[str], bytes]] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # noqa: N802
        self.mails.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


@pytest.fixture
def smtp() -> Any:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inbox = _Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port, inbox
    finally:
        controller.stop()


async def test_a_notice_is_mailed_in_the_users_language_with_its_link(smtp: Any) -> None:
    # given a local SMTP server and the email channel pointed at it
    port, inbox = smtp
    channel = EmailChannel(host="127.0.0.1", port=port, sender="loom@example.test")
    bob = Recipient("u-bob", "Bob", email="bob@example.test")
    # when a new task's notice is sent, then one in English
    await channel.send(bob, message_of("task", "报销单", "审批", "http://portal/flowable/task/TodoList"))
    await channel.send(bob, message_of("urge", "Expenses", "hurry", "http://portal", lang="en-US"))
    # then the server received both, to bob, from the configured sender
    assert [(sender, to) for sender, to, _ in inbox.mails] == [
        ("loom@example.test", ["bob@example.test"]),
        ("loom@example.test", ["bob@example.test"]),
    ]
    first, second = (message_from_bytes(content) for _, _, content in inbox.mails)
    assert str(make_header(decode_header(first["Subject"]))) == "新的待办：报销单 · 审批"
    assert "http://portal/flowable/task/TodoList" in first.get_payload(decode=True).decode()
    assert str(make_header(decode_header(second["Subject"]))) == "Reminder: Expenses · hurry"
    # and an address-less recipient is not reached by email
    assert not channel.reaches(Recipient("u-x", "X"))


async def test_notices_stored_together_are_listed_newest_event_first(env: Env) -> None:
    # given six events a second apart whose notices are stored in one batch (one transaction)
    first = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)
    drafts = [
        service.Draft(
            "u-bob", "task", f"task:t{i}", f"p{i}", f"t{i}", f"第{i}步", at=first + timedelta(seconds=i)
        )
        for i in range(1, 7)
    ]
    async with env.app.state.session_factory() as session, transaction(session):
        stored = await service.store(session, drafts)
    assert len(stored) == 6
    # when bob lists them, then the newest event comes first, as it happened, not as stored
    listed = await _notices(env, "u-bob", 6)
    assert [n["detail"] for n in listed["records"]] == [f"第{i}步" for i in range(6, 0, -1)]
