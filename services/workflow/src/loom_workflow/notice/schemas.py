"""What the notice routes answer: the portal's bell and the JeePlus client's announcements."""

from __future__ import annotations

from typing import Literal

from loom_platform.paging import Page
from loom_platform.wire import Answer


class NoticePublic(Answer):
    """A notice as the portal's bell reads it: its kind, the request and task it is about, what
    happened, whether it is read (a notice about a task no longer open reads as read) and when
    (ISO 8601)."""

    id: str
    kind: Literal["task", "copy", "urge", "deadline", "result"]  # notice/models.py's KINDS
    proc_ins_id: str
    task_id: str
    title: str
    detail: str
    read: bool
    create_time: str | None


class NoticePage(Page[NoticePublic]):
    """A page of the caller's notices, with how many are unread."""

    unread: int


class UnreadCount(Answer):
    """How many of the caller's notices are unread."""

    count: int


class AnnouncementSender(Answer):
    """Who sent an announcement (the platform: nobody)."""

    id: str
    name: str
    photo: str


class Announcement(Answer):
    """A notice as the JeePlus client's bell reads its announcements (通知): ``readFlag`` '1' when
    read."""

    id: str
    type: str
    title: str
    content: str
    read_flag: str
    create_date: str | None
    create_by: AnnouncementSender
    proc_ins_id: str
    task_id: str


class AnnouncementPage(Page[Announcement]):
    """A page of the caller's announcements, with how many are unread."""

    unread: int


class Mail(Answer):
    """A received mail (站内信). Loom keeps no mailbox: no page ever holds one."""

    id: str


class MailPage(Page[Mail]):
    """The caller's received mail: always an empty page."""
