"""What sys publishes (through the outbox): ``loom.sys.<entity>.changed`` and session revocations."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.sys.v1 import events_pb2
from loom_platform.auth import AccessCache
from loom_platform.db import on_commit
from loom_platform.outbox import add_event

CREATED = events_pb2.CHANGE_KIND_CREATED
UPDATED = events_pb2.CHANGE_KIND_UPDATED
DELETED = events_pb2.CHANGE_KIND_DELETED

USER_HEADER = "Loom-User-Id"

# sys's own access cache is dropped at commit, not when its event comes back over NATS:
# the change must hold for the very next request.
local_caches: list[AccessCache] = []


def _forget_after_commit(session: AsyncSession, user_id: str | None) -> None:
    def _forget() -> None:
        for cache in local_caches:
            cache.invalidate(user_id)

    on_commit(session, _forget)


def user_changed(session: AsyncSession, user_id: str, kind: int, login_flag: str = "") -> None:
    add_event(
        session,
        "loom.sys.user.changed",
        events_pb2.UserChanged(user_id=user_id, kind=kind, login_flag=login_flag),  # type: ignore[arg-type]
        headers={USER_HEADER: user_id},
    )
    _forget_after_commit(session, user_id)


def role_changed(session: AsyncSession, role_id: str, kind: int) -> None:
    add_event(session, "loom.sys.role.changed", events_pb2.RoleChanged(role_id=role_id, kind=kind))  # type: ignore[arg-type]
    _forget_after_commit(session, None)


def office_changed(session: AsyncSession, office_id: str, kind: int) -> None:
    """An office changed (its manager, its place): reviewer answers by office or manager go stale."""
    add_event(session, "loom.sys.office.changed", events_pb2.OfficeChanged(office_id=office_id, kind=kind))  # type: ignore[arg-type]


def post_changed(session: AsyncSession, post_id: str, kind: int) -> None:
    """A post changed or went (with its holders' links): reviewer answers by post go stale."""
    add_event(session, "loom.sys.post.changed", events_pb2.PostChanged(post_id=post_id, kind=kind))  # type: ignore[arg-type]


def menu_changed(session: AsyncSession, menu_id: str, kind: int) -> None:
    add_event(session, "loom.sys.menu.changed", events_pb2.MenuChanged(menu_id=menu_id, kind=kind))  # type: ignore[arg-type]
    _forget_after_commit(session, None)


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
    _forget_after_commit(session, user_id)
