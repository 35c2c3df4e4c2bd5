"""The platform a sandboxed module sees (``loom_platform.modules.ModulePlatform``), answered by the host.

The module's side (:class:`RemotePlatform`) asks over the channel; the host's side
(:func:`host_handler`) answers from what the host has: its access cache (permissions, filled from
sys and emptied by sys's events) and its module platform (data scopes and dictionary labels, sys's
or the tests' stand-in; process states, the workflow service's). A module thus gets the same answers as when it ran in the host, and no
address of sys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from loom_apps.sandbox.channel import Client, Handler
from loom_platform.auth import Access, AuthState, Principal
from loom_platform.datarules import DataAccess, Rule, Viewer
from loom_platform.modules import ModulePlatform
from loom_platform.processes import MAX_KEYS, ProcessState


def access_to_json(access: DataAccess) -> dict[str, Any]:
    """A data scope as JSON."""
    body = asdict(access)
    body["user_ids"], body["office_ids"] = sorted(access.user_ids), sorted(access.office_ids)
    return body


def access_from_json(body: dict[str, Any]) -> DataAccess:
    """A data scope from :func:`access_to_json`."""
    viewer = dict(body["viewer"])
    viewer["office_tree"] = tuple(viewer.get("office_tree", ()))
    viewer["company_tree"] = tuple(viewer.get("company_tree", ()))
    return DataAccess(
        viewer=Viewer(**viewer),
        everything=bool(body.get("everything", True)),
        user_ids=frozenset(body.get("user_ids", ())),
        office_ids=frozenset(body.get("office_ids", ())),
        rules=tuple(Rule(**r) for r in body.get("rules", ())),
    )


class RemotePlatform:
    """A module's platform whose answers come from the host."""

    def __init__(self, client: Client) -> None:
        self._client = client

    async def data_access(self, user_id: str, permission: str) -> DataAccess:
        return access_from_json(
            await self._client.call("data_access", user_id=user_id, permission=permission)
        )

    async def dict_labels(self, types: Sequence[str]) -> dict[str, dict[str, str]]:
        found = await self._client.call("dict_labels", types=list(types))
        return {str(k): {str(a): str(b) for a, b in v.items()} for k, v in found.items()}

    async def process_states(self, business_keys: Sequence[str], user_id: str) -> dict[str, ProcessState]:
        found = await self._client.call("process_states", keys=list(business_keys), user_id=user_id)
        return {str(k): ProcessState.from_json(v) for k, v in found.items()}

    async def access(self, user_id: str, session_id: str) -> Access:
        """What the caller may do now (the host's access cache)."""
        found = await self._client.call("access", user_id=user_id, session_id=session_id)
        return Access(active=bool(found["active"]), permissions=frozenset(found["permissions"]))


def host_handler(auth: AuthState, platform: ModulePlatform) -> Handler:
    """The host's answers to a module's questions."""

    async def handle(op: str, args: dict[str, Any]) -> Any:
        if op == "access":
            who = Principal(str(args["user_id"]), "", str(args["session_id"]), "", 0)
            access = await auth.cache.get(who)
            return {"active": access.active, "permissions": sorted(access.permissions)}
        if op == "data_access":
            found = await platform.data_access(str(args["user_id"]), str(args["permission"]))
            return access_to_json(found)
        if op == "dict_labels":
            return await platform.dict_labels([str(t) for t in args.get("types", [])][:200])
        if op == "process_states":
            keys = [str(k) for k in args.get("keys", [])][:MAX_KEYS]
            states = await platform.process_states(keys, str(args["user_id"]))
            return {k: state.to_json() for k, state in states.items()}
        raise ValueError(f"unknown question {op!r}")

    return handle


def for_module(handler: Handler, tables: Sequence[str]) -> Handler:
    """The host's answers to one module's worker: the process states of its own tables' records only
    (a business key is ``<table>:<id>``), never of another module's."""
    prefixes = tuple(f"{table}:" for table in tables)

    async def handle(op: str, args: dict[str, Any]) -> Any:
        if op == "process_states":
            args = {**args, "keys": [k for k in args.get("keys", []) if str(k).startswith(prefixes)]}
        return await handler(op, args)

    return handle
