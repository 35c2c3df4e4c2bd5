"""A role's data scope: how far its holders see (``dataScope``), the offices of a custom scope and
the data rules granted to it, as the role's form shows and saves them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete as sql_delete
from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import datarules
from loom_platform.links import known_ids
from loom_sys.datarule.errors import DataScopeInvalid, OfficeMissing, RuleMissing
from loom_sys.datarule.models import DataRule, RoleDataRule, RoleOffice
from loom_sys.datarule.service import RULE_NODE
from loom_sys.office.models import Office
from loom_sys.role.models import Role


async def role_grants(session: AsyncSession, role_id: str) -> dict[str, Any]:
    """What a role's form shows: its data scope, custom offices and granted rules."""
    role = await session.get(Role, role_id)
    offices = await session.execute(select(RoleOffice.office_id).where(RoleOffice.role_id == role_id))  # type: ignore[arg-type]
    rules = await session.execute(select(RoleDataRule.datarule_id).where(RoleDataRule.role_id == role_id))  # type: ignore[arg-type]
    rule_ids = list(rules.scalars().all())
    return {
        "dataScope": role.data_scope if role else datarules.SCOPE_ALL,
        "officeIdList": list(offices.scalars().all()),
        "dataRuleIdList": rule_ids,
        "dataRuleIds": ",".join(RULE_NODE + r for r in rule_ids),
    }


async def set_role_grants(
    session: AsyncSession,
    role: Role,
    *,
    data_scope: str | None,
    office_ids: Sequence[str] | None,
    rule_ids: Sequence[str] | None,
) -> None:
    """Sets what given is (scope, custom offices, rules); ``None`` leaves it as it was."""
    if data_scope is not None:
        if data_scope not in datarules.SCOPES:
            raise DataScopeInvalid(scope=data_scope)
        role.data_scope = data_scope
        session.add(role)
    if office_ids is not None:
        await session.execute(sql_delete(RoleOffice).where(RoleOffice.role_id == role.id))  # type: ignore[arg-type]
        found = await known_ids(session, Office, office_ids, OfficeMissing)
        session.add_all([RoleOffice(role_id=role.id, office_id=o) for o in found])
    if rule_ids is not None:
        await session.execute(sql_delete(RoleDataRule).where(RoleDataRule.role_id == role.id))  # type: ignore[arg-type]
        wanted = [r.removeprefix(RULE_NODE) for r in rule_ids if r]
        found = await known_ids(session, DataRule, wanted, RuleMissing)
        session.add_all([RoleDataRule(role_id=role.id, datarule_id=r) for r in found])
    await session.flush()
