"""Idempotent seed: admin, root company, administrator role, dictionaries, menus of every area."""

from __future__ import annotations

import logging
import secrets
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_sys.dict.models import DictType, DictValue
from loom_sys.menu.models import BUTTON, DIRECTORY, PAGE, Menu
from loom_sys.office.models import COMPANY, DEPARTMENT, Office
from loom_sys.role import service as role_service
from loom_sys.role.models import Role
from loom_sys.seed_data import (
    BUTTON_ENGLISH_NAMES,
    CLIENT_BUTTONS,
    CRUD,
    DICTIONARIES,
    DICTIONARY_DESCRIPTION_ENGLISH,
    DICTIONARY_ENGLISH,
    DIRECTORIES,
    ENGLISH_NAMES,
    HOME,
    PAGES,
)
from loom_sys.settings import SysSettings
from loom_sys.user.models import User, UserRole
from loom_sys.user.passwords import hash_password

log = logging.getLogger("loom.sys.seed")

ADMIN_ID = "1"
ROOT_COMPANY_ID = "1"
DEFAULT_DEPARTMENT_ID = "2"
ADMIN_ROLE_ID = role_service.ADMIN_ROLE_ID
SEED_ACTOR = "1"
EMPLOYEE_ROLE_ID = "employee"
# What everyone who starts processes and handles tasks needs: the task center's pages, viewing them
# and handling tasks. Picking users and reading a task's form need no further right.
EMPLOYEE_MENUS = (
    "m-home",
    "m-flow",
    *(
        f"m-flow-{page}{button}"
        for page in ("start", "todo", "done", "apply", "copy")
        for button in ("", "-view")
    ),
    "m-flow-todo-audit",
)


async def _upsert(session: AsyncSession, model: type[Any], record_id: str, **values: object) -> Any:
    found = await session.get(model, record_id)
    if found is None:
        found = model(id=record_id, **values)
    else:
        for key, value in values.items():
            setattr(found, key, value)
    session.add(found)
    return found


async def _upsert_menu(
    session: AsyncSession,
    menu_id: str,
    ancestors: tuple[str, ...],
    kind: str,
    name: str,
    name_en: str | None,
    sort: int,
    *,
    href: str | None = None,
    icon: str | None = None,
    **more: object,
) -> None:
    """A menu of ``kind`` below ``ancestors`` (the root "0" first, its parent last); directories and
    pages show in the navigation, buttons do not."""
    await _upsert(
        session,
        Menu,
        menu_id,
        parent_id=ancestors[-1],
        parent_ids="".join(f"{ancestor}," for ancestor in ancestors),
        name=name,
        name_en=name_en,
        href=href,
        icon=icon,
        sort=sort,
        type=kind,
        is_show="0" if kind == BUTTON else "1",
        **more,
    )


async def seed_menus(session: AsyncSession) -> list[str]:
    """The home page and the directories, pages and buttons of all four areas; returns every seeded id."""
    key, name, href, icon, sort = HOME
    await _upsert_menu(
        session, f"m-{key}", ("0",), PAGE, name, ENGLISH_NAMES.get(key), sort, href=href, icon=icon, affix="1"
    )
    ids: list[str] = [f"m-{key}"]
    for key, name, icon, sort in DIRECTORIES:
        directory_id = f"m-{key}"
        await _upsert_menu(
            session, directory_id, ("0",), DIRECTORY, name, ENGLISH_NAMES.get(key), sort, icon=icon
        )
        ids.append(directory_id)
    for key, parent, name, href, icon, sort, prefix, extra in PAGES:
        page_id, above = f"m-{key}", ("0", f"m-{parent}")
        name_en = ENGLISH_NAMES.get(key)
        await _upsert_menu(
            session, page_id, above, PAGE, name, name_en, sort, href=href, icon=icon, permission=None
        )
        ids.append(page_id)
        if not prefix:
            continue
        for index, (action, label) in enumerate((*CRUD, *extra)):
            button_id, button_sort = f"{page_id}-{action}", (index + 1) * 30
            await _upsert_menu(
                session,
                button_id,
                (*above, page_id),
                BUTTON,
                label,
                BUTTON_ENGLISH_NAMES.get(action),
                button_sort,
                permission=f"{prefix}:{action}",
            )
            ids.append(button_id)
    for page, action, permission, label in CLIENT_BUTTONS:
        page_id = f"m-{page}"
        parent = next(parent for key, parent, *_ in PAGES if key == page)
        button_id = f"{page_id}-{action}"
        ancestors = ("0", f"m-{parent}", page_id)
        english = BUTTON_ENGLISH_NAMES.get(action)
        await _upsert_menu(session, button_id, ancestors, BUTTON, label, english, 900, permission=permission)
        ids.append(button_id)
    return ids


async def seed_employee_role(session: AsyncSession) -> None:
    """The employee role (普通员工) with the task center, made once: an administrator's later
    changes to its grants stay."""
    taken = await session.execute(select(Role.id).where(Role.en_name == "employee"))  # type: ignore[arg-type]
    if await session.get(Role, EMPLOYEE_ROLE_ID) is not None or taken.first() is not None:
        return
    session.add(Role(id=EMPLOYEE_ROLE_ID, name="普通员工", en_name="employee", useable="1", sys_data="0"))
    await session.flush()
    await role_service.grant(session, EMPLOYEE_ROLE_ID, EMPLOYEE_MENUS)


async def seed_dictionaries(session: AsyncSession) -> None:
    """Dictionary types and values the areas need; existing values keep their labels."""
    for type_name, description, values in DICTIONARIES:
        dict_type = (
            await session.execute(select(DictType).where(DictType.type == type_name))
        ).scalar_one_or_none()
        description_en = DICTIONARY_DESCRIPTION_ENGLISH.get(type_name)
        if dict_type is None:
            dict_type = DictType(
                id=f"d-{type_name}",
                type=type_name,
                description=description,
                description_en=description_en,
                create_by=SEED_ACTOR,
            )
            session.add(dict_type)
            await session.flush()
        elif dict_type.description_en is None and dict_type.description == description:
            # As with the values' labels: a description an administrator changed is not given the seed's English.
            dict_type.description_en = description_en
            session.add(dict_type)
        present = {
            v.value: v
            for v in (
                await session.execute(select(DictValue).where(DictValue.dict_type_id == dict_type.id))  # type: ignore[arg-type]
            ).scalars()
        }
        english = DICTIONARY_ENGLISH.get(type_name, {})
        for index, (value, label) in enumerate(values):
            found = present.get(value)
            if found is None:
                session.add(
                    DictValue(
                        dict_type_id=dict_type.id,
                        value=value,
                        label=label,
                        label_en=english.get(value),
                        sort=(index + 1) * 10,
                    )
                )
            elif found.label_en is None and found.label == label and value in english:
                # A platform created before English labels existed gets them; a label an
                # administrator changed is theirs, and is not given the seed's English.
                found.label_en = english[value]
                session.add(found)


async def seed_default_department(session: AsyncSession) -> bool:
    """A platform without any department gets one (综合部 under the root company), so its first user
    can be created at once (a user's 归属部门 is required); answers whether it was created."""
    found = await session.execute(select(Office.id).where(Office.type == DEPARTMENT).limit(1))  # type: ignore[arg-type]
    if found.first() is not None or await session.get(Office, DEFAULT_DEPARTMENT_ID) is not None:
        return False
    session.add(
        Office(
            id=DEFAULT_DEPARTMENT_ID,
            parent_id=ROOT_COMPANY_ID,
            parent_ids=f"0,{ROOT_COMPANY_ID},",
            name="综合部",
            code="100001",
            type=DEPARTMENT,
            sort=10,
            useable="1",
        )
    )
    await session.commit()
    return True


def admin_password(settings: SysSettings, creating: bool) -> str | None:
    """The admin password to set: the configured one, or a random one for a new development install."""
    if settings.mode == "production":
        settings.refuse_default_secret("LOOM_ADMIN_PASSWORD", settings.admin_password)
    if settings.admin_password:
        return settings.admin_password
    if not creating:
        return None
    password = secrets.token_urlsafe(12)
    path: Path = settings.state_dir / "admin-password.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(password + "\n")
    path.chmod(0o600)
    print(f"\n  Loom admin user: admin / {password}\n  (written to {path})\n", flush=True)  # noqa: T201 - shown once
    return password


async def seed(session: AsyncSession, settings: SysSettings) -> None:
    """Writes the seed; running it again changes nothing but what the configuration sets."""
    await _upsert(
        session,
        Office,
        ROOT_COMPANY_ID,
        parent_id="0",
        parent_ids="0,",
        name="Loom",
        code="100000",
        type=COMPANY,
        sort=10,
        useable="1",
    )
    admin = await session.get(User, ADMIN_ID)
    password = admin_password(settings, creating=admin is None)
    if admin is None:
        admin = User(
            id=ADMIN_ID,
            login_name="admin",
            name="系统管理员",
            password_hash="",
            company_id=ROOT_COMPANY_ID,
            office_id=None,
        )
    if password:
        admin.password_hash = hash_password(password)
        admin.failed_logins, admin.locked_until = 0, None
    admin.login_flag = "1"
    session.add(admin)
    await _upsert(session, Role, ADMIN_ROLE_ID, name="系统管理员", en_name="sys", useable="1", sys_data="1")
    await session.flush()
    menu_ids = await seed_menus(session)
    await session.flush()
    every_menu = set((await session.execute(select(Menu.id))).scalars().all()) | set(menu_ids)
    await role_service.grant(session, ADMIN_ROLE_ID, sorted(every_menu))
    if await session.get(UserRole, (ADMIN_ID, ADMIN_ROLE_ID)) is None:
        session.add(UserRole(user_id=ADMIN_ID, role_id=ADMIN_ROLE_ID))
    await seed_employee_role(session)
    await seed_dictionaries(session)
    await session.commit()
