"""``loom.sys.v1.DirectoryService``: translates proto <-> domain calls, nothing else."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.clients.sys_directory import data_access_message
from loom_contracts.loom.sys.v1 import messages_pb2, service_pb2, service_pb2_grpc
from loom_platform.db import transaction
from loom_sys import access
from loom_sys.auth import loader
from loom_sys.dict import service as dict_service
from loom_sys.menu import service as menu_service
from loom_sys.office import service as office_service
from loom_sys.user import directory

SYSTEM_ACTOR = "system"


def _user_message(found: directory.DirectoryUser) -> messages_pb2.User:
    user = found.user
    return messages_pb2.User(
        id=user.id,
        login_name=user.login_name,
        name=user.name,
        login_flag=user.login_flag,
        company_id=user.company_id or "",
        company_name=found.company_name,
        office_id=user.office_id or "",
        office_name=found.office_name,
        photo=user.photo or "",
        role_ids=found.role_ids,
        post_ids=found.post_ids,
        email=user.email or "",
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
        primary_person_id=(node["primaryPerson"] or {}).get("id", ""),
        deputy_person_id=(node["deputyPerson"] or {}).get("id", ""),
    )


class DirectoryServicer(service_pb2_grpc.DirectoryServiceServicer):
    def __init__(self, factory: async_sessionmaker[AsyncSession]) -> None:
        self._factory = factory

    async def GetUsers(self, request: Any, _context: Any) -> service_pb2.GetUsersResponse:  # noqa: N802
        async with self._factory() as session:
            found = await directory.users(session, list(request.ids))
        return service_pb2.GetUsersResponse(users=[_user_message(u) for u in found])

    async def ResolveReviewers(self, request: Any, _context: Any) -> service_pb2.ResolveReviewersResponse:  # noqa: N802
        context = directory.ReviewerContext(
            initiator_id=request.context.initiator_id,
            previous_executor_id=request.context.previous_executor_id,
            current_user_id=request.context.current_user_id,
        )
        async with self._factory() as session:
            ids = await directory.resolve_reviewers(
                session, [(r.type, r.value) for r in request.rules], context
            )
        return service_pb2.ResolveReviewersResponse(user_ids=ids)

    async def GetUserAccess(self, request: Any, _context: Any) -> service_pb2.GetUserAccessResponse:  # noqa: N802
        async with self._factory() as session:
            found = await loader.access_of(session, request.user_id, request.session_id)
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
        async with self._factory() as session, transaction(session):
            page = await menu_service.create_page(
                session,
                parent_id=request.parent_id or "0",
                name=request.name,
                href=request.href,
                icon=request.icon,
                buttons=[(b.name, b.permission) for b in request.buttons],
                sort=request.sort,
                actor=SYSTEM_ACTOR,
            )
        return service_pb2.CreateMenuResponse(menu_id=page.id)

    async def GetDataAccess(self, request: Any, _context: Any) -> service_pb2.GetDataAccessResponse:  # noqa: N802
        async with self._factory() as session:
            found = await access.access_for(
                session, request.user_id, menu_id=request.menu_id, permission=request.permission
            )
        return service_pb2.GetDataAccessResponse(access=data_access_message(found))
