"""User names for the lists (initiator, assignees), asked from sys in one call per page, and the
user's role ids (the candidate groups of the to-do list): cached a minute, dropped at once when sys
announces a change of the user (``loom.sys.user.changed``) or of any role (``loom.sys.role.changed``)."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from typing import Any

log = logging.getLogger(__name__)

_TTL = 60.0
# id -> (loaded at, info); None for an id sys does not know, so lists of rows started by unknown
# users (imports, deleted users) do not ask sys on every request.
_cache: dict[str, tuple[float, dict[str, Any] | None]] = {}


def forget(user_id: str | None = None) -> None:
    """Drops what is cached of one user, or of every user (a role changed: its members may have)."""
    if user_id:
        _cache.pop(user_id, None)
    else:
        _cache.clear()


def on_sys_change(subject: str, user_id: str | None) -> None:
    """A sys event: a user's change drops that user, a role's drops everyone's roles."""
    if subject.endswith(".user.changed"):
        forget(user_id or None)
    elif subject.endswith(".role.changed"):
        forget()


async def user_infos(directory: Any, ids: Iterable[str | None]) -> dict[str, dict[str, Any]]:
    """``{id: {name, loginName, officeId, companyId, roleIds}}`` for the ids sys knows (others are
    left out); ``roleIds`` is a list."""
    wanted = sorted({i for i in ids if i})
    now = time.monotonic()
    found: dict[str, dict[str, Any]] = {}
    missing = []
    for user_id in wanted:
        cached = _cache.get(user_id)
        if cached is not None and now - cached[0] < _TTL:
            if cached[1] is not None:
                found[user_id] = cached[1]
        else:
            missing.append(user_id)
    if missing and directory is not None:
        try:
            users = await directory.users(missing)
        except Exception:  # names are decoration: a list still answers when sys is away
            log.warning("could not read user names from sys", exc_info=True)
            return found
        for user in users:
            info = {
                "name": user.name,
                "loginName": user.login_name,
                "officeId": user.office_id,
                "companyId": user.company_id,
                "roleIds": [str(r) for r in getattr(user, "role_ids", ()) if r],
            }
            _cache[user.id] = (now, info)
            found[user.id] = info
        for user_id in missing:
            if user_id not in found:
                _cache[user_id] = (now, None)
    return found


async def user_roles(directory: Any, user_id: str) -> list[str]:
    """The ids of the user's roles (the candidate groups they belong to)."""
    info = (await user_infos(directory, [user_id])).get(user_id)
    return list((info or {}).get("roleIds", ()))


async def user_names(directory: Any, ids: Iterable[str | None]) -> dict[str, str]:
    """``{id: name}``; unknown ids map to themselves."""
    ids = list(ids)
    infos = await user_infos(directory, ids)
    return {i: infos[i]["name"] if i in infos else i for i in ids if i}
