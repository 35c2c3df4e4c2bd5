"""What a generated module asks of the platform that serves it.

Generated code holds no client of sys: the app host puts a :class:`ModulePlatform` on each module's
app (``app.state.platform``) and the module's routes ask it, through :func:`platform_of`, for the
caller's data access on the module's menu (sys's data rules, compiled with
:func:`loom_platform.datarules.predicate`), for the labels of the dictionaries its export shows and,
for a workflow form, for the states of its records' processes (:mod:`loom_platform.processes`).
A module's own generated tests run it with :class:`Standalone`. A module served without a platform
answers 503 rather than every row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from fastapi import Request

from loom_platform.datarules import DataAccess, Viewer
from loom_platform.errors import Unavailable
from loom_platform.processes import ProcessState


class ModulePlatform(Protocol):
    """The platform's answers a generated module needs."""

    async def data_access(self, user_id: str, permission: str) -> DataAccess:
        """What ``user_id`` may see through the menu of the button ``permission``."""
        ...

    async def dict_labels(self, types: Sequence[str]) -> dict[str, dict[str, str]]:
        """``{type: {value: label}}`` of the dictionaries named."""
        ...

    async def process_states(self, business_keys: Sequence[str], user_id: str) -> dict[str, ProcessState]:
        """The latest instance of each business key that has one (``handler``: ``user_id``'s tasks)."""
        ...


@dataclass
class Standalone:
    """A module run on its own (its generated tests): every row, or the scope set here; the
    dictionaries and process states given here (none: every record a draft)."""

    access: dict[str, DataAccess] = field(default_factory=dict)  # user id -> scope (tests change it)
    labels: Mapping[str, dict[str, str]] = field(default_factory=dict)
    states: dict[str, ProcessState] = field(default_factory=dict)  # business key -> state (tests change it)

    async def data_access(self, user_id: str, permission: str) -> DataAccess:  # noqa: ARG002 - one scope for every menu
        return self.access.get(user_id) or DataAccess(viewer=Viewer(user_id=user_id))

    async def dict_labels(self, types: Sequence[str]) -> dict[str, dict[str, str]]:
        return {t: dict(self.labels.get(t, {})) for t in types}

    async def process_states(self, business_keys: Sequence[str], user_id: str) -> dict[str, ProcessState]:  # noqa: ARG002 - the states set here are everyone's
        return {k: self.states[k] for k in business_keys if k in self.states}


def platform_of(request: Request) -> ModulePlatform:
    """The platform of the module app answering ``request``."""
    found: ModulePlatform | None = getattr(request.app.state, "platform", None)
    if found is None:
        raise Unavailable(detail="platform")
    return found
