"""Menu creation for a generated table (sys creates it over gRPC)."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode import events
from loom_gencode import identifiers as names
from loom_gencode.common import check_length, require
from loom_gencode.runtime import Runtime
from loom_gencode.scheme import service as scheme_service
from loom_gencode.scheme.errors import MenuNameRequired, MenuParentRequired, ModuleNameInvalid
from loom_gencode.table import rules
from loom_gencode.table import service as table_service
from loom_gencode.table.errors import ChildTableMenu, NotSynced
from loom_platform.errors import Unavailable

BUTTONS = (("查看", "view"), ("添加", "add"), ("修改", "edit"), ("删除", "del"))


async def create(session: AsyncSession, runtime: Runtime, data: dict[str, str]) -> str:
    """Creates the page menu with view/add/edit/del buttons; returns the menu id."""
    parent_id = data.get("parent.id") or data.get("parentId") or ""
    require(parent_id, MenuParentRequired)
    require(data.get("name"), MenuNameRequired)
    check_length(data.get("name"), 200, "name")
    table = await table_service.get(session, data.get("tableId", ""))
    if table.table_type in ("2", "5"):
        raise ChildTableMenu()
    if table.is_sync != "1":
        raise NotSynced()
    scheme = await scheme_service.scheme_of(session, table.id)
    module = scheme.module_name if scheme and scheme.module_name else table.name.split("_")[0]
    # the href and the permissions are the generated module's names: a row may predate their rules
    rules.check_table_names(table)
    if not names.module_name(module):
        raise ModuleNameInvalid(value=names.shown(module))
    href = f"/{module}/{table.name}/{table.class_name}List"
    permission = f"{module}:{table.name}"
    if runtime.directory is None:
        raise Unavailable(detail="sys")
    menu_id = await runtime.directory.create_menu(
        parent_id=parent_id,
        name=data["name"],
        href=href,
        icon=data.get("icon", ""),
        buttons=[(label, f"{permission}:{action}") for label, action in BUTTONS],
    )
    events.menu_created(session, table_id=table.id, menu_id=menu_id, href=href)
    return menu_id  # type: ignore[no-any-return]
