"""``loom.sys.v1.DirectoryService``: translates proto <-> domain calls, nothing else."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.sys.v1 import messages_pb2, service_pb2, service_pb2_grpc
from loom_platform.db import transaction
from loom_platform.errors import InvalidArgument
from loom_sys import access
from loom_sys.dict import service as dict_service
from loom_sys.menu import service as menu_service
from loom_sys.office import service as office_service
from loom_sys.office.models import Office
from loom_sys.user.models import ENABLED, User, UserPost, UserRole

SYSTEM_ACTOR = "system"


def _user_message(
    user: User, names: dict[str, str], role_ids: list[str], post_ids: list[str]
) -> messages_pb2.User:
    return messages_pb2.User(
        id=user.id,
        login_name=user.login_name,
        name=user.name,
        login_flag=user.login_flag,
        company_id=user.company_id or "",
        company_name=names.get(user.company_id or "", ""),
        office_id=user.office_id or "",
        office_name=names.get(user.office_id or "", ""),
        photo=user.photo or "",
        role_ids=role_ids,
        post_ids=post_ids,
    )


def _office_message(node: dict[str, Any]) -> messages_pb2.OfficeNode:
    return messages_pb2.OfficeNode(
        id=node["id"],
        parent_id=node["parentId"],
        name=node["name"],
        type=node["type"],
        code=node["code"] or "",
        sort=node["sort"],
        children=[_office_message(c) for c in node["children"]],
    )


_RULE_COLUMNS: dict[str, Any] = {
    "user": User.id,
    "company": User.company_id,
    "depart": User.office_id,
    "post": User.id,
    "role": User.id,
}


async def resolve_reviewers(
    session: AsyncSession, rules: list[tuple[str, str]], context: messages_pb2.ReviewerContext
) -> list[str]:
    """Enabled users named by the rules, in rule order, without repeats."""
    found: list[str] = []
    for rule_type, value in rules:
        ids = [v.strip() for v in value.split(",") if v.strip()]
        if rule_type == "applyUserId":
            candidates = [context.initiator_id]
        elif rule_type == "previousExecutor":
            candidates = [context.previous_executor_id]
        elif rule_type == "currentUserId":
            candidates = [context.current_user_id]
        elif rule_type in ("user", "company", "depart"):
            stmt = select(User.id).where(_RULE_COLUMNS[rule_type].in_(ids))
            candidates = list((await session.execute(stmt.order_by(User.login_name))).scalars().all())  # type: ignore[arg-type]
        elif rule_type == "post":
            stmt = select(UserPost.user_id).where(UserPost.post_id.in_(ids))  # type: ignore[attr-defined]
            candidates = list((await session.execute(stmt)).scalars().all())
        elif rule_type == "role":
            stmt = select(UserRole.user_id).where(UserRole.role_id.in_(ids))  # type: ignore[attr-defined]
            candidates = list((await session.execute(stmt)).scalars().all())
        else:
            raise InvalidArgument("invalid_argument", detail=f"reviewer type {rule_type}")
        found.extend(c for c in candidates if c)
    unique = list(dict.fromkeys(found))
    if not unique:
        return []
    enabled = set(
        (await session.execute(select(User.id).where(User.id.in_(unique), User.login_flag == ENABLED)))
        .scalars()
        .all()  # type: ignore[attr-defined]
    )
    return [u for u in unique if u in enabled]


class DirectoryServicer(service_pb2_grpc.DirectoryServiceServicer):
    def __init__(self, factory: async_sessionmaker[AsyncSession]) -> None:
        self._factory = factory

    async def GetUsers(self, request: Any, _context: Any) -> service_pb2.GetUsersResponse:  # noqa: N802
        async with self._factory() as session:
            users = (
                (await session.execute(select(User).where(User.id.in_(list(request.ids))))).scalars().all()
            )  # type: ignore[attr-defined]
            office_ids = {o for u in users for o in (u.company_id, u.office_id) if o}
            names: dict[str, str] = dict(
                (await session.execute(select(Office.id, Office.name).where(Office.id.in_(office_ids)))).all()
            )  # type: ignore[attr-defined]
            roles = (
                await session.execute(
                    select(UserRole.user_id, UserRole.role_id).where(UserRole.user_id.in_(list(request.ids)))
                )
            ).all()  # type: ignore[attr-defined]
            posts = (
                await session.execute(
                    select(UserPost.user_id, UserPost.post_id).where(UserPost.user_id.in_(list(request.ids)))
                )
            ).all()  # type: ignore[attr-defined]
        return service_pb2.GetUsersResponse(
            users=[
                _user_message(
                    u, names, [r for uid, r in roles if uid == u.id], [p for uid, p in posts if uid == u.id]
                )
                for u in users
            ]
        )

    async def ResolveReviewers(self, request: Any, _context: Any) -> service_pb2.ResolveReviewersResponse:  # noqa: N802
        async with self._factory() as session:
            ids = await resolve_reviewers(
                session, [(r.type, r.value) for r in request.rules], request.context
            )
        return service_pb2.ResolveReviewersResponse(user_ids=ids)

    async def GetUserAccess(self, request: Any, _context: Any) -> service_pb2.GetUserAccessResponse:  # noqa: N802
        async with self._factory() as session:
            found = await access.access_of(session, request.user_id, request.session_id)
        return service_pb2.GetUserAccessResponse(
            access=messages_pb2.Access(active=found.active, permissions=sorted(found.permissions))
        )

    async def GetDictMap(self, request: Any, _context: Any) -> service_pb2.GetDictMapResponse:  # noqa: N802
        async with self._factory() as session:
            found = await dict_service.dict_map(session, list(request.types))
        return service_pb2.GetDictMapResponse(
            dicts={
                name: messages_pb2.DictValues(
                    values=[
                        messages_pb2.DictValue(id=v["id"], label=v["label"], value=v["value"], sort=v["sort"])
                        for v in values
                    ]
                )
                for name, values in found.items()
            }
        )

    async def GetOfficeTree(self, request: Any, _context: Any) -> service_pb2.GetOfficeTreeResponse:  # noqa: N802
        async with self._factory() as session:
            roots = await office_service.tree_data(session, office_type=request.type or None, show_all=False)
        return service_pb2.GetOfficeTreeResponse(roots=[_office_message(n) for n in roots])

    async def CreateMenu(self, request: Any, _context: Any) -> service_pb2.CreateMenuResponse:  # noqa: N802
        if not request.name.strip():
            raise InvalidArgument("sys.menu.name_required")
        async with self._factory() as session, transaction(session):
            page = await menu_service.create_page(
                session,
                parent_id=request.parent_id or "0",
                name=request.name[:200],
                href=request.href,
                icon=request.icon,
                buttons=[(b.name, b.permission) for b in request.buttons],
                sort=request.sort,
                actor=SYSTEM_ACTOR,
            )
        return service_pb2.CreateMenuResponse(menu_id=page.id)
