"""What other services ask of the user directory: users by id, and the users a reviewer rule names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_sys.office import service as office_service
from loom_sys.office.models import Office
from loom_sys.user.errors import ReviewerTypeUnknown
from loom_sys.user.models import ENABLED, User, UserPost, UserRole

_RULE_COLUMNS = {"user": User.id, "company": User.company_id, "depart": User.office_id}
# the department manager of the user the context names (applyUserDeptManager -> the initiator)
_MANAGER_OF = {"applyUserDeptManager": "initiator_id", "previousExecutorDeptManager": "previous_executor_id"}


@dataclass(frozen=True)
class DirectoryUser:
    """A user with the names of their company and department and the ids of their roles and posts."""

    user: User
    company_name: str = ""
    office_name: str = ""
    role_ids: list[str] = field(default_factory=list)
    post_ids: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ReviewerContext:
    """Who a process run is about: the ``applyUserId``, ``previousExecutor`` and ``currentUserId`` rules,
    and the department managers of the first two (``applyUserDeptManager``, ``previousExecutorDeptManager``)."""

    initiator_id: str = ""
    previous_executor_id: str = ""
    current_user_id: str = ""


async def users(session: AsyncSession, ids: Sequence[str]) -> list[DirectoryUser]:
    """Gets the users with these ids (unknown ids are skipped)."""
    ids = list(ids)
    found = (await session.execute(select(User).where(User.id.in_(ids)))).scalars().all()  # type: ignore[attr-defined]
    office_ids = {o for u in found for o in (u.company_id, u.office_id) if o}
    names: dict[str, str] = dict(
        (await session.execute(select(Office.id, Office.name).where(Office.id.in_(office_ids)))).all()  # type: ignore[attr-defined,arg-type]
    )
    roles = (
        await session.execute(select(UserRole.user_id, UserRole.role_id).where(UserRole.user_id.in_(ids)))  # type: ignore[attr-defined]
    ).all()
    posts = (
        await session.execute(select(UserPost.user_id, UserPost.post_id).where(UserPost.user_id.in_(ids)))  # type: ignore[attr-defined]
    ).all()
    return [
        DirectoryUser(
            user=u,
            company_name=names.get(u.company_id or "", ""),
            office_name=names.get(u.office_id or "", ""),
            role_ids=[r for uid, r in roles if uid == u.id],
            post_ids=[p for uid, p in posts if uid == u.id],
        )
        for u in found
    ]


async def _candidates(
    session: AsyncSession, rule_type: str, value: str, context: ReviewerContext
) -> list[str]:
    ids = [v.strip() for v in value.split(",") if v.strip()]
    if rule_type == "applyUserId":
        return [context.initiator_id]
    if rule_type == "previousExecutor":
        return [context.previous_executor_id]
    if rule_type == "currentUserId":
        return [context.current_user_id]
    if rule_type in _MANAGER_OF:
        user = await session.get(User, getattr(context, _MANAGER_OF[rule_type]) or "")
        manager = await office_service.manager_of(session, user) if user is not None else None
        return [manager] if manager else []
    if rule_type in _RULE_COLUMNS:
        stmt = select(User.id).where(_RULE_COLUMNS[rule_type].in_(ids)).order_by(User.login_name)  # type: ignore[attr-defined,arg-type]
        return list((await session.execute(stmt)).scalars().all())
    if rule_type == "post":
        stmt = select(UserPost.user_id).where(UserPost.post_id.in_(ids))  # type: ignore[attr-defined]
        return list((await session.execute(stmt)).scalars().all())
    if rule_type == "role":
        stmt = select(UserRole.user_id).where(UserRole.role_id.in_(ids))  # type: ignore[attr-defined]
        return list((await session.execute(stmt)).scalars().all())
    raise ReviewerTypeUnknown(detail=f"reviewer type {rule_type}")


async def resolve_reviewers(
    session: AsyncSession, rules: Sequence[tuple[str, str]], context: ReviewerContext
) -> list[str]:
    """Enabled users named by the rules ``(type, comma-separated ids)``, in rule order, without repeats."""
    found: list[str] = []
    for rule_type, value in rules:
        found.extend(c for c in await _candidates(session, rule_type, value, context) if c)
    unique = list(dict.fromkeys(found))
    if not unique:
        return []
    stmt = select(User.id).where(User.id.in_(unique), User.login_flag == ENABLED)  # type: ignore[attr-defined]
    enabled = set((await session.execute(stmt)).scalars().all())
    return [u for u in unique if u in enabled]
