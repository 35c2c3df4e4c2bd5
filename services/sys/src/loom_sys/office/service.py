"""The organisation: companies ('1') and departments ('2') in one tree."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import crud, tree
from loom_platform.datarules import DataAccess, predicate
from loom_platform.errors import NotFound
from loom_platform.i18n import translate
from loom_platform.tree import build_tree
from loom_sys import events, tree_nodes
from loom_sys.office.errors import (
    OfficeHasChildren,
    OfficeHasUsers,
    OfficeParentMissing,
    OfficePersonMissing,
)
from loom_sys.office.models import COMPANY, DEPARTMENT, Office
from loom_sys.office.schemas import OfficeSave, PersonRef
from loom_sys.user.models import User

# What a save copies from the body (the people are looked up apart).
SAVED_FIELDS = (
    "name",
    "code",
    "type",
    "grade",
    "sort",
    "useable",
    "address",
    "master",
    "phone",
    "email",
    "remarks",
)
# the office's user fields: wire name -> column
PERSONS = {"primaryPerson": "primary_person_id", "deputyPerson": "deputy_person_id"}


def render(office: Office, names: dict[str, str] | None = None) -> dict[str, Any]:
    """An office on the wire; its manager and deputy as ``{id, name}`` (``names``: user id -> name)."""
    names = names or {}
    persons = {
        wire: {"id": user_id, "name": names.get(user_id, "")}
        if (user_id := getattr(office, column))
        else None
        for wire, column in PERSONS.items()
    }
    return {
        "id": office.id,
        "parentId": office.parent_id,
        "parentIds": office.parent_ids,
        "name": office.name,
        "label": office.name,
        "code": office.code,
        "type": office.type,
        "grade": office.grade,
        "sort": office.sort,
        "useable": office.useable,
        "address": office.address,
        "master": office.master,
        "phone": office.phone,
        "email": office.email,
        "remarks": office.remarks,
        **persons,
    }


async def person_names(session: AsyncSession, offices: Sequence[Office]) -> dict[str, str]:
    """The names of the offices' managers and deputies, by user id."""
    ids = {user_id for o in offices for c in PERSONS.values() if (user_id := getattr(o, c))}
    if not ids:
        return {}
    rows = await session.execute(select(User.id, User.name).where(User.id.in_(ids)))  # type: ignore[attr-defined,arg-type]
    return dict(rows.tuples().all())


async def rendered(session: AsyncSession, office: Office) -> dict[str, Any]:
    """One office on the wire, with its people's names."""
    return render(office, await person_names(session, [office]))


def in_scope(access: DataAccess) -> Any:
    """The offices a data access reaches: an office is its own office, its creator its owner."""
    return predicate(access, Office.__table__.c, owner="create_by", office="id")  # type: ignore[attr-defined]


async def all_offices(session: AsyncSession, access: DataAccess | None = None) -> list[Office]:
    stmt = select(Office) if access is None else select(Office).where(in_scope(access))
    return list((await session.execute(stmt)).scalars().all())


async def tree_data(
    session: AsyncSession, *, office_type: str | None, show_all: bool, access: DataAccess | None = None
) -> list[dict[str, Any]]:
    """The tree; type '1' keeps companies only, type '2' marks companies as not selectable. With
    ``access``, only the offices it reaches (one whose parent is out of reach becomes a root)."""
    offices = [o for o in await all_offices(session, access) if show_all or o.useable == "1"]
    if office_type == COMPANY:
        offices = [o for o in offices if o.type == COMPANY]

    names = await person_names(session, offices)

    def _render(office: Office) -> dict[str, Any]:
        node = render(office, names)
        node["disabled"] = office.useable != "1" or (office_type == DEPARTMENT and office.type == COMPANY)
        return node

    return build_tree(offices, _render)


async def get(session: AsyncSession, office_id: str, access: DataAccess | None = None) -> Office:
    """Gets an office by its id (404 outside ``access``, as if it did not exist)."""
    if access is None:
        return await crud.get(session, Office, office_id)
    stmt = select(Office).where(Office.id == office_id, in_scope(access))  # type: ignore[arg-type]
    office: Office | None = (await session.execute(stmt)).scalars().first()
    if office is None:
        raise NotFound()
    return office


async def check_within(session: AsyncSession, ids: Sequence[str], access: DataAccess) -> None:
    """404 unless every office of ``ids`` lies within ``access`` (the others do not exist for the caller)."""
    wanted = {i for i in ids if i}
    if not wanted:
        return
    found = await session.execute(select(Office.id).where(Office.id.in_(wanted), in_scope(access)))  # type: ignore[attr-defined]
    if len(set(found.scalars().all())) < len(wanted):
        raise NotFound()


async def save(
    session: AsyncSession, data: OfficeSave, *, actor: str, access: DataAccess | None = None
) -> Office:
    """Creates or updates an office and places it in the tree (an edit outside ``access`` is 404)."""
    office = await get(session, data.id, access) if data.id else Office(name=data.name, create_by=actor)
    await tree_nodes.fill(session, office, data, SAVED_FIELDS, OfficeParentMissing(), actor=actor)
    # a form that leaves the people out keeps them; an empty {id} clears one
    if "primary_person" in data.model_fields_set:
        office.primary_person_id = await _person(session, data.primary_person, "primary_person")
    if "deputy_person" in data.model_fields_set:
        office.deputy_person_id = await _person(session, data.deputy_person, "deputy_person")
    session.add(office)
    await session.flush()
    events.office_changed(session, office.id, events.UPDATED if data.id else events.CREATED)
    return office


async def _person(session: AsyncSession, ref: PersonRef | None, role: str) -> str | None:
    """The id of the user ``ref`` names (None when empty); refuses one that is not a user."""
    user_id = (ref.id or "").strip() if ref else ""
    if not user_id:
        return None
    if await session.get(User, user_id) is None:
        field = "primaryPerson" if role == "primary_person" else "deputyPerson"
        raise OfficePersonMissing(role=translate(f"sys.office.{role}"), field=field)
    return user_id


async def manager_of(session: AsyncSession, user: User) -> str | None:
    """The manager of the user's department (of their company when they have no department)."""
    office_id = user.office_id or user.company_id
    office = await session.get(Office, office_id) if office_id else None
    return office.primary_person_id if office is not None else None


async def delete(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes offices that have neither children outside ``ids`` nor users."""
    doomed = await tree.deletable(session, Office, ids, OfficeHasChildren)
    for office in doomed:
        member = await session.execute(
            select(User.id).where(or_(User.company_id == office.id, User.office_id == office.id)).limit(1)  # type: ignore[arg-type]
        )
        if member.first() is not None:
            raise OfficeHasUsers(name=office.name)
    for office in doomed:
        await session.delete(office)
        await session.flush()
        events.office_changed(session, office.id, events.DELETED)


async def company_of(session: AsyncSession, office: Office) -> Office | None:
    """The nearest company at or above ``office``."""
    if office.type == COMPANY:
        return office
    for ancestor_id in reversed([p for p in office.parent_ids.split(",") if p and p != "0"]):
        ancestor = await session.get(Office, ancestor_id)
        if ancestor is not None and ancestor.type == COMPANY:
            return ancestor
    return None
