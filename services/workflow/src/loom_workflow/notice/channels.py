"""Where notices go besides the portal: a channel per kind of address (email now; DingTalk and WeCom
take the same interface). A channel sends one notice to one person and raises on failure; the
consumer logs a failed send and goes on, since the in-app notice is already stored."""

from __future__ import annotations

import asyncio
import smtplib
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Protocol

from loom_platform.i18n import EN, ZH, register, translate
from loom_workflow.notice.models import COPY, DEADLINE, RESULT, TASK, URGE

register(
    {
        f"workflow.notice.{TASK}": {ZH: "新的待办：{title} · {detail}", EN: "New task: {title} · {detail}"},
        f"workflow.notice.{COPY}": {
            ZH: "抄送给您：{title} · {detail}",
            EN: "Copied to you: {title} · {detail}",
        },
        f"workflow.notice.{URGE}": {ZH: "催办：{title} · {detail}", EN: "Reminder: {title} · {detail}"},
        f"workflow.notice.{DEADLINE}": {
            ZH: "任务到期：{title} · {detail}",
            EN: "Task due: {title} · {detail}",
        },
        f"workflow.notice.{RESULT}": {
            ZH: "您的申请有结果：{title}",
            EN: "Your request has an outcome: {title}",
        },
    }
)


@dataclass(frozen=True)
class Recipient:
    """Whom a channel reaches: the user and their addresses (empty when unknown)."""

    user_id: str
    name: str
    email: str = ""
    mobile: str = ""


@dataclass(frozen=True)
class Message:
    """A notice as a channel sends it: a subject line and a body."""

    subject: str
    body: str


def message_of(kind: str, title: str, detail: str, link: str, lang: str | None = None) -> Message:
    """The text of a notice in the user's language, with the link to the task or request."""
    subject = translate(f"workflow.notice.{kind}", lang, title=title, detail=detail)
    return Message(subject, f"{subject}\n\n{link}\n")


class Channel(Protocol):
    """A way to reach a person outside the portal."""

    @property
    def name(self) -> str:
        """The channel's name in logs (email, dingtalk, wecom)."""
        ...

    def reaches(self, recipient: Recipient) -> bool:
        """Whether the recipient has an address this channel can use."""
        ...

    async def send(self, recipient: Recipient, message: Message) -> None:
        """Sends the message; raises when it could not be handed over."""
        ...


@dataclass(frozen=True)
class EmailChannel:
    """Email through an SMTP server (plain, or STARTTLS when asked; login when a user is set)."""

    host: str
    port: int
    sender: str
    user: str = ""
    password: str = ""
    starttls: bool = False
    timeout_seconds: float = 10.0
    name: str = "email"

    def reaches(self, recipient: Recipient) -> bool:
        """A recipient with an email address."""
        return "@" in recipient.email

    async def send(self, recipient: Recipient, message: Message) -> None:
        """Hands the mail to the SMTP server (in a thread: smtplib blocks)."""
        mail = EmailMessage()
        mail["From"] = self.sender
        mail["To"] = recipient.email
        mail["Subject"] = message.subject
        mail.set_content(message.body)
        await asyncio.to_thread(self._deliver, mail)

    def _deliver(self, mail: EmailMessage) -> None:
        with smtplib.SMTP(self.host, self.port, timeout=self.timeout_seconds) as smtp:
            if self.starttls:
                smtp.starttls()
            if self.user:
                smtp.login(self.user, self.password)
            smtp.send_message(mail)
