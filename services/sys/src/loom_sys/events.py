"""What sys publishes (through the outbox): ``loom.sys.<entity>.changed`` and session revocations."""

from __future__ import annotations

from loom_contracts.loom.sys.v1 import events_pb2
from loom_platform.outbox import add_event
from sqlmodel.ext.asyncio.session import AsyncSession

CREATED = events_pb2.CHANGE_KIND_CREATED
UPDATED = events_pb2.CHANGE_KIND_UPDATED
DELETED = events_pb2.CHANGE_KIND_DELETED

USER_HEADER = "Loom-User-Id"


def user_changed(session: AsyncSession, user_id: str, kind: int, login_flag: str = "") -> None:
    add_event(
        session,
        "loom.sys.user.changed",
        events_pb2.UserChanged(user_id=user_id, kind=kind, login_flag=login_flag),  # type: ignore[arg-type]
        headers={USER_HEADER: user_id},
    )


def role_changed(session: AsyncSession, role_id: str, kind: int) -> None:
    add_event(session, "loom.sys.role.changed", events_pb2.RoleChanged(role_id=role_id, kind=kind))  # type: ignore[arg-type]


def menu_changed(session: AsyncSession, menu_id: str, kind: int) -> None:
    add_event(session, "loom.sys.menu.changed", events_pb2.MenuChanged(menu_id=menu_id, kind=kind))  # type: ignore[arg-type]


def dict_changed(session: AsyncSession, dict_type_id: str, type_name: str, kind: int) -> None:
    add_event(
        session,
        "loom.sys.dict.changed",
        events_pb2.DictChanged(dict_type_id=dict_type_id, type=type_name, kind=kind),  # type: ignore[arg-type]
    )


def session_revoked(session: AsyncSession, user_id: str, session_id: str) -> None:
    add_event(
        session,
        "loom.sys.session.revoked",
        events_pb2.SessionRevoked(user_id=user_id, session_id=session_id),
        headers={USER_HEADER: user_id},
    )
