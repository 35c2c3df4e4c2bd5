"""Users: who they are, where they sit, which roles and posts they hold."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import delete as sql_delete
from sqlalchemy import func, literal_column, select, update
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.orm import aliased
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import crud
from loom_platform.datarules import DataAccess, predicate
from loom_platform.errors import NotFound
from loom_platform.links import known_ids
from loom_platform.paging import PageParams, Sortable, contains, empty_filter, paginate
from loom_platform.wire import now
from loom_sys import events
from loom_sys.office.models import Office
from loom_sys.post.models import Post
from loom_sys.role.models import Role
from loom_sys.user.errors import (
    CannotDeleteAdmin,
    CannotDeleteSelf,
    CannotDisableSelf,
    LoginFlagInvalid,
    LoginNameTaken,
    PasswordRequired,
    PostMissing,
    RoleMissing,
)
from loom_sys.user.models import DISABLED, ENABLED, User, UserPost, UserRole
from loom_sys.user.passwords import check_password_rules, hashed, password_min_length
from loom_sys.user.schemas import UserSave

ADMIN_USER_ID = "1"

Company = aliased(Office, name="c")
Department = aliased(Office, name="o")
_u = User.__table__.c  # type: ignore[attr-defined]

SORTABLE: Sortable = {
    "login_name": _u.login_name,
    "name": _u.name,
    "no": _u.no,
    "login_flag": _u.login_flag,
    "create_date": _u.create_date,
    "update_date": _u.update_date,
    "c.name": Company.name,  # type: ignore[dict-item]
    "o.name": Department.name,  # type: ignore[dict-item]
    "company_id": _u.company_id,
    "office_id": _u.office_id,
}


def _ref(office_id: str | None, name: str | None) -> dict[str, Any] | None:
    return {"id": office_id, "name": name} if office_id else None


def render(row: Any) -> dict[str, Any]:
    """A user row as the list shows it (with company and department names)."""
    user: User = row[0]
    company_name, office_name = row[1], row[2]
    return {
        "id": user.id,
        "loginName": user.login_name,
        "name": user.name,
        "no": user.no,
        "email": user.email,
        "phone": user.phone,
        "mobile": user.mobile,
        "photo": user.photo,
        "loginFlag": user.login_flag,
        "remarks": user.remarks,
        "companyDTO": _ref(user.company_id, company_name),
        "officeDTO": _ref(user.office_id, office_name),
        "loginIp": user.login_ip,
        "loginDate": user.login_date,
        "createDate": user.create_date,
        # the list's 角色 column (a row of the listing carries them; the record's own come with get)
        "roleNames": row[3] if len(row) > 3 else None,
    }


# Who a user is, as a picker shows them (seed 001 §3.1's user record): nothing about how to reach them.
PICKED_FIELDS = ("id", "loginName", "name", "photo", "loginFlag", "companyDTO", "officeDTO")


def render_picked(row: Any) -> dict[str, Any]:
    """A user row as a picker shows it to someone who does not administer users."""
    user = render(row)
    return {k: user[k] for k in PICKED_FIELDS}


def _role_names() -> Any:
    """The user's role names, comma-separated in name order (one subquery per listed row)."""
    return (
        select(func.string_agg(Role.name, aggregate_order_by(literal_column("','"), Role.name)))
        .join(UserRole, UserRole.role_id == Role.id)  # type: ignore[arg-type]
        .where(UserRole.user_id == User.id)  # type: ignore[arg-type]
        .scalar_subquery()
    )


def _listing() -> Any:
    return (
        select(User, Company.name, Department.name, _role_names())
        .outerjoin(Company, Company.id == User.company_id)  # type: ignore[arg-type]
        .outerjoin(Department, Department.id == User.office_id)  # type: ignore[arg-type]
    )


def list_filters(query: Mapping[str, str]) -> dict[str, str | None]:
    """The user list's search fields as the client sends them (``loginName``, ``name``,
    ``companyDTO.id``, ``officeDTO.id``): read the same for the list and its export."""
    return {
        "login_name": empty_filter(query.get("loginName")),
        "name": empty_filter(query.get("name")),
        "company_id": empty_filter(query.get("companyDTO.id")),
        "office_id": empty_filter(query.get("officeDTO.id")),
    }


async def page(
    session: AsyncSession,
    params: PageParams,
    *,
    login_name: str | None,
    name: str | None,
    company_id: str | None,
    office_id: str | None,
    role_id: str | None = None,
    factory: Any = None,
    picker: bool = False,
    access: DataAccess | None = None,
) -> Any:
    """Users matching the filters, a page at a time (as a picker shows them when ``picker``); with
    ``access``, only the users the caller's data permissions reach."""
    stmt = _listing()
    if access is not None:
        stmt = stmt.where(in_scope(access))
    if login_name:
        stmt = stmt.where(contains(User.login_name, login_name))
    if name:
        stmt = stmt.where(contains(User.name, name))
    if company_id:
        stmt = stmt.where(User.company_id == company_id)
    if office_id:
        # A department shows the users of its sub-departments too.
        sub = select(Office.id).where(
            contains(Office.parent_ids, f",{office_id},", any_case=False) | (Office.id == office_id)
        )  # type: ignore[attr-defined,operator]
        stmt = stmt.where(User.office_id.in_(sub))  # type: ignore[union-attr]
    if role_id:
        stmt = stmt.where(User.id.in_(select(UserRole.user_id).where(UserRole.role_id == role_id)))  # type: ignore[attr-defined,arg-type]
    return await paginate(
        session,
        stmt,
        params,
        sortable=SORTABLE,
        default_order=[_u.create_date.desc(), _u.id],
        render=render_picked if picker else render,
        factory=factory,
    )


async def get(session: AsyncSession, user_id: str) -> User:
    """Gets a user by their id."""
    return await crud.get(session, User, user_id)


def in_scope(access: DataAccess) -> Any:
    """The users a data access reaches: the user is the record's owner, their department its office."""
    return predicate(access, User.__table__.c, owner="id", office="office_id")  # type: ignore[attr-defined]


async def detail(session: AsyncSession, user_id: str, access: DataAccess | None = None) -> dict[str, Any]:
    """A user with names of company and department, role and post ids (404 outside ``access``)."""
    stmt = _listing().where(User.id == user_id)
    row = (await session.execute(stmt if access is None else stmt.where(in_scope(access)))).first()
    if row is None:
        raise NotFound()
    data = render(row)
    role_rows = (
        await session.execute(
            select(Role.id, Role.name)
            .join(UserRole, UserRole.role_id == Role.id)
            .where(UserRole.user_id == user_id)  # type: ignore[arg-type]
        )
    ).all()
    post_ids = (
        (await session.execute(select(UserPost.post_id).where(UserPost.user_id == user_id))).scalars().all()
    )  # type: ignore[arg-type]
    data["roleIdList"] = [r[0] for r in role_rows]
    data["roleNames"] = ",".join(r[1] for r in role_rows)
    data["postIdList"] = list(post_ids)
    return data


async def _company_for(session: AsyncSession, company_id: str | None, office_id: str | None) -> str | None:
    from loom_sys.office import service as office_service

    if company_id:
        return company_id
    if office_id:
        office = await session.get(Office, office_id)
        company = await office_service.company_of(session, office) if office else None
        return company.id if company else None
    return None


async def save(session: AsyncSession, data: UserSave, *, actor: str) -> User:
    """Creates or updates a user; login names are unique, a new user needs a password."""
    user = await get(session, data.id) if data.id else None
    clash = await session.execute(
        select(User.id)
        .where(User.login_name == data.login_name, User.id != (user.id if user else ""))
        .limit(1)  # type: ignore[arg-type]
    )
    if clash.first() is not None:
        raise LoginNameTaken(name=data.login_name)
    password = data.new_password or data.password
    if user is None:
        if not password:
            raise PasswordRequired()
        user = User(login_name=data.login_name, name=data.name, password_hash="", create_by=actor)
    if password:
        check_password_rules(password, await password_min_length(session))
        user.password_hash = await hashed(password)
    office_id = data.office_dto.id if data.office_dto and data.office_dto.id else None
    company_id = await _company_for(session, data.company_dto.id if data.company_dto else None, office_id)
    for field in ("login_name", "name", "no", "email", "phone", "mobile", "photo", "login_flag", "remarks"):
        setattr(user, field, getattr(data, field))
    user.company_id, user.office_id = company_id, office_id
    user.update_by, user.update_date = actor, now()
    session.add(user)
    await session.flush()
    if data.role_id_list is not None:
        roles = await known_ids(session, Role, data.role_id_list, RoleMissing)
        await session.execute(sql_delete(UserRole).where(UserRole.user_id == user.id))  # type: ignore[arg-type]
        session.add_all([UserRole(user_id=user.id, role_id=r) for r in roles])
    if data.post_id_list is not None:
        posts = await known_ids(session, Post, data.post_id_list, PostMissing)
        await session.execute(sql_delete(UserPost).where(UserPost.user_id == user.id))  # type: ignore[arg-type]
        session.add_all([UserPost(user_id=user.id, post_id=p) for p in posts])
    await session.flush()
    events.user_changed(session, user.id, events.UPDATED if data.id else events.CREATED, user.login_flag)
    return user


async def delete(session: AsyncSession, ids: Sequence[str], *, actor: str) -> None:
    """Deletes users, never oneself nor the administrator."""
    for user_id in ids:
        if user_id == actor:
            raise CannotDeleteSelf()
        if user_id == ADMIN_USER_ID:
            raise CannotDeleteAdmin()
    for user_id in ids:
        user = await session.get(User, user_id)
        if user is not None:
            await session.delete(user)
            events.user_changed(session, user_id, events.DELETED)
    # a deleted user manages nothing: their departments show no manager (and route to nobody) until
    # an administrator names another, rather than pointing at someone who no longer exists
    for column in (Office.primary_person_id, Office.deputy_person_id):
        await session.execute(update(Office).where(col(column).in_(ids)).values({column: None}))
    await session.flush()


async def set_login_flag(session: AsyncSession, ids: Sequence[str], flag: str, *, actor: str) -> None:
    """Enables ('1') or disables ('0') users; a disabled user's tokens stop working."""
    if flag not in (ENABLED, DISABLED):
        raise LoginFlagInvalid()
    if flag == DISABLED and (actor in ids or ADMIN_USER_ID in ids):
        raise CannotDisableSelf()
    for user_id in ids:
        user = await get(session, user_id)
        user.login_flag, user.update_by, user.update_date = flag, actor, now()
        session.add(user)
        events.user_changed(session, user_id, events.UPDATED, flag)
    await session.flush()


async def reset_password(session: AsyncSession, user_id: str, new_password: str, *, actor: str) -> None:
    """An administrator sets a user's password (and unlocks the account)."""
    check_password_rules(new_password, await password_min_length(session))
    user = await get(session, user_id)
    user.password_hash = await hashed(new_password)
    user.failed_logins, user.locked_until = 0, None
    user.update_by, user.update_date = actor, now()
    session.add(user)
    events.user_changed(session, user_id, events.UPDATED, user.login_flag)
    await session.flush()


async def login_name_free(session: AsyncSession, login_name: str, *, old_login_name: str = "") -> bool:
    """True when no user has this login name (or it is the user's own, unchanged)."""
    if login_name == old_login_name:
        return True
    found = await session.execute(select(User.id).where(User.login_name == login_name).limit(1))  # type: ignore[arg-type]
    return found.first() is None
