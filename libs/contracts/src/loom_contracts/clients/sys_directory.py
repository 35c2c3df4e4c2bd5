"""The sys directory as other services call it (``loom.sys.v1.DirectoryService`` over gRPC), and the
access loader built on it. It lives beside sys's contract: the platform library knows no service."""

from __future__ import annotations

from collections.abc import Sequence

from loom_contracts.loom.sys.v1 import messages_pb2, service_pb2, service_pb2_grpc
from loom_platform.auth import Access, AccessLoader
from loom_platform.datarules import DataAccess, Rule, Viewer
from loom_platform.grpc import Client


class DirectoryClient:
    """Typed calls to ``loom.sys.v1.DirectoryService``."""

    def __init__(self, client: Client) -> None:
        self._client = client

    @property
    def _stub(self) -> service_pb2_grpc.DirectoryServiceStub:
        return self._client.stub(service_pb2_grpc.DirectoryServiceStub)

    async def access(self, user_id: str, session_id: str) -> Access:
        """The user's access within a session (inactive when disabled or logged out)."""
        reply = await self._client.call(
            self._stub.GetUserAccess, service_pb2.GetUserAccessRequest(user_id=user_id, session_id=session_id)
        )
        return Access(active=reply.access.active, permissions=frozenset(reply.access.permissions))

    async def data_access(self, user_id: str, *, menu_id: str = "", permission: str = "") -> DataAccess:
        """What the user may see through a menu (or the menu of a button's ``permission``); compile
        it with :func:`loom_platform.datarules.predicate`."""
        request = service_pb2.GetDataAccessRequest(user_id=user_id, menu_id=menu_id, permission=permission)
        reply = await self._client.call(self._stub.GetDataAccess, request)
        return data_access_from_message(reply.access)

    async def users(self, ids: Sequence[str]) -> list[messages_pb2.User]:
        reply = await self._client.call(self._stub.GetUsers, service_pb2.GetUsersRequest(ids=list(ids)))
        return list(reply.users)

    async def resolve_reviewers(
        self,
        rules: Sequence[tuple[str, str]],
        *,
        initiator_id: str = "",
        previous_executor_id: str = "",
        current_user_id: str = "",
    ) -> list[str]:
        """Enabled user ids for reviewer rules given as (type, value) pairs, in rule order. Types
        relative to the run (applyUserId, previousExecutor, currentUserId and the department managers
        applyUserDeptManager, previousExecutorDeptManager) take their user from the ids given here."""
        request = service_pb2.ResolveReviewersRequest(
            rules=[messages_pb2.ReviewerRule(type=t, value=v) for t, v in rules],
            context=messages_pb2.ReviewerContext(
                initiator_id=initiator_id,
                previous_executor_id=previous_executor_id,
                current_user_id=current_user_id,
            ),
        )
        reply = await self._client.call(self._stub.ResolveReviewers, request)
        return list(reply.user_ids)

    async def dict_map(self, types: Sequence[str] = ()) -> dict[str, list[messages_pb2.DictValue]]:
        reply = await self._client.call(
            self._stub.GetDictMap, service_pb2.GetDictMapRequest(types=list(types))
        )
        return {name: list(values.values) for name, values in reply.dicts.items()}

    async def office_tree(self, office_type: str = "") -> list[messages_pb2.OfficeNode]:
        reply = await self._client.call(
            self._stub.GetOfficeTree, service_pb2.GetOfficeTreeRequest(type=office_type)
        )
        return list(reply.roots)

    async def create_menu(
        self,
        *,
        parent_id: str,
        name: str,
        href: str,
        icon: str,
        buttons: Sequence[tuple[str, str]],
        sort: int = 0,
    ) -> str:
        """Creates a page menu with (label, permission) buttons; returns the menu id."""
        request = service_pb2.CreateMenuRequest(
            parent_id=parent_id,
            name=name,
            href=href,
            icon=icon,
            sort=sort,
            buttons=[messages_pb2.MenuButton(name=n, permission=p) for n, p in buttons],
        )
        reply = await self._client.call(self._stub.CreateMenu, request)
        return str(reply.menu_id)


def directory_access_loader(directory: DirectoryClient) -> AccessLoader:
    """The access loader of every service but sys: ask sys over gRPC."""

    async def load(user_id: str, session_id: str) -> Access:
        return await directory.access(user_id, session_id)

    return load


def data_access_message(access: DataAccess) -> messages_pb2.DataAccess:
    """A :class:`DataAccess` as its proto message (sys answers with it)."""
    viewer = access.viewer
    return messages_pb2.DataAccess(
        everything=access.everything,
        user_ids=sorted(access.user_ids),
        office_ids=sorted(access.office_ids),
        rules=[
            messages_pb2.DataRule(field=r.field, operator=r.operator, value=r.value) for r in access.rules
        ],
        user_id=viewer.user_id,
        login_name=viewer.login_name,
        office_id=viewer.office_id,
        company_id=viewer.company_id,
        office_tree=list(viewer.office_tree),
        company_tree=list(viewer.company_tree),
    )


def data_access_from_message(message: messages_pb2.DataAccess) -> DataAccess:
    """The proto message back as a :class:`DataAccess`."""
    viewer = Viewer(
        user_id=message.user_id,
        login_name=message.login_name,
        office_id=message.office_id,
        company_id=message.company_id,
        office_tree=tuple(message.office_tree),
        company_tree=tuple(message.company_tree),
    )
    return DataAccess(
        viewer=viewer,
        everything=message.everything,
        user_ids=frozenset(message.user_ids),
        office_ids=frozenset(message.office_ids),
        rules=tuple(Rule(field=r.field, operator=r.operator, value=r.value) for r in message.rules),
    )
