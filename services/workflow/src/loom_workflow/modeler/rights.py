"""Who may act on a model: process models (``modelType`` 0) are ``flowable:model:*``, decision models
(``modelType`` 4, Flowable's decision table) ``flowable:decision:*``. The routes let either family in;
the model's own type then decides (a decision designer cannot change a process, nor the reverse)."""

from __future__ import annotations

from loom_platform.auth import Access
from loom_platform.errors import PermissionDenied

PROCESS, DECISION = 0, 4
FAMILY = {PROCESS: "flowable:model", DECISION: "flowable:decision"}
# action -> the rights of one family that allow it ('design' is a designer's: view, add and edit)
ACTIONS = {
    "view": ("view", "design"),
    "add": ("add", "design"),
    "edit": ("edit", "design", "add"),
    "del": ("del",),
    "deploy": ("deploy",),
}


def permissions(action: str, *types: int) -> tuple[str, ...]:
    """The permission strings that allow ``action`` on models of ``types`` (both kinds by default)."""
    return tuple(f"{FAMILY[t]}:{a}" for t in (types or (PROCESS, DECISION)) for a in ACTIONS[action])


def kind_of(model_type: int) -> int:
    """Decision table or decision service models are decisions; anything else is a process."""
    return DECISION if model_type in (DECISION, 6) else PROCESS


def check(access: Access, model_type: int, action: str) -> None:
    """403 naming the permission when the caller (``access``) may not ``action`` a model of this type."""
    wanted = permissions(action, kind_of(model_type))
    if not any(access.allows(p) for p in wanted):
        raise PermissionDenied(permission=" | ".join(wanted))
