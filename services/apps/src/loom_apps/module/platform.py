"""The platform the host gives its modules (``loom_platform.modules``): sys's answers over gRPC, and
the workflow service's process states over NATS request/reply."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout

from loom_contracts.clients.sys_directory import DirectoryClient
from loom_platform import messaging
from loom_platform.datarules import DataAccess
from loom_platform.errors import Unavailable
from loom_platform.processes import MAX_KEYS, STATES_SUBJECT, ProcessState

SYS_CHANGED = "loom.sys.*.changed"


class SysPlatform:
    """Data access and dictionary labels from sys.

    Every route of a generated module asks for the caller's data access; asking sys each time (a
    gRPC call and its queries) was most of a list request's time. A scope is therefore kept per
    (user, permission) for ``ttl_seconds`` like the permissions themselves (the access cache), and
    dropped at once when sys announces a change (:meth:`on_sys_change`): a user's event drops
    that user's scopes, any other (a role and its data rules, a menu) drops them all. Offices
    announce nothing, so a moved office reaches a scope within the TTL, as it reaches permissions.
    """

    def __init__(
        self, directory: DirectoryClient, ttl_seconds: float = 60.0, states_seconds: float = 5.0
    ) -> None:
        self.directory = directory
        self.nats: Any = None  # the host's connection, once it has one (process states)
        self._states_seconds = states_seconds
        self._ttl = ttl_seconds
        self._scopes: dict[tuple[str, str], tuple[float, DataAccess]] = {}
        # counts sys's changes: an answer asked for before a change is used once, never kept
        self._generation = 0

    async def data_access(self, user_id: str, permission: str) -> DataAccess:
        key = (user_id, permission)
        cached = self._scopes.get(key)
        if cached is not None and time.monotonic() - cached[0] < self._ttl:
            return cached[1]
        asked_at = time.monotonic()
        generation = self._generation
        access = await self.directory.data_access(user_id, permission=permission)
        if generation == self._generation:
            self._scopes[key] = (asked_at, access)
        return access

    async def follow(self, nc: Any) -> Any:
        """Listens to sys's changes on ``nc`` (every replica drops its own scopes)."""
        return await messaging.listen(
            nc,
            SYS_CHANGED,
            lambda msg: self.on_sys_change(msg.subject, (msg.headers or {}).get("Loom-User-Id")),
        )

    def on_sys_change(self, subject: str, user_id: str | None) -> None:
        """A ``loom.sys.*.changed`` event (a user's names the user in ``Loom-User-Id``)."""
        self._generation += 1
        if subject.endswith(".user.changed") and user_id:
            for key in [k for k in self._scopes if k[0] == user_id]:
                self._scopes.pop(key, None)
        else:
            self._scopes.clear()

    async def dict_labels(self, types: Sequence[str]) -> dict[str, dict[str, str]]:
        if not types:
            return {}
        found = await self.directory.dict_map(types)
        return {name: {v.value: v.label for v in values} for name, values in found.items()}

    async def process_states(self, business_keys: Sequence[str], user_id: str) -> dict[str, ProcessState]:
        """The workflow service's answer on ``loom.workflow.instance.states`` (never cached: a record's
        editability follows its process at once). Unavailable while the workflow service does not answer,
        so a change is never allowed on a guess."""
        keys = list(dict.fromkeys(business_keys))[:MAX_KEYS]
        if not keys:
            return {}
        if self.nats is None:
            raise Unavailable(detail="workflow")
        question = json.dumps({"businessKeys": keys, "userId": user_id}).encode()
        try:
            reply = await self.nats.request(STATES_SUBJECT, question, timeout=self._states_seconds)
        except (NoRespondersError, NatsTimeout) as e:
            raise Unavailable(detail="workflow") from e
        found = json.loads(reply.data or b"{}").get("states") or {}
        return {str(k): ProcessState.from_json(v) for k, v in found.items() if k in keys}
