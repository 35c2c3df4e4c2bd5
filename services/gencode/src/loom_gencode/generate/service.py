"""Code generation: the scheme form, rendering a template group, writing, zipping, form URLs."""

from __future__ import annotations

import asyncio
import io
import time
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode import events
from loom_gencode.datasource.models import MASTER_ID, DataSource
from loom_gencode.errors import PathOutside
from loom_gencode.generate import publish as module_store
from loom_gencode.generate import regenerate
from loom_gencode.generate.context import table_context
from loom_gencode.generate.errors import (
    GroupEmpty,
    NotPublishable,
)
from loom_gencode.generate.merge import Resolution
from loom_gencode.generate.render import Rendered, render_isolated
from loom_gencode.generate.schemas import RenderedFile
from loom_gencode.generate.slots import FairSlots
from loom_gencode.reftypes.models import TemplateGroup, TemplateObj
from loom_gencode.runtime import Runtime
from loom_gencode.scheme import service as scheme_service
from loom_gencode.scheme import workspace
from loom_gencode.scheme.schemas import SchemeSave
from loom_gencode.table import rules
from loom_gencode.table import service as table_service
from loom_gencode.table.errors import (
    ChildTableCodegen,
    NotSynced,
    NotWorkflowForm,
    RightTableCodegen,
)
from loom_gencode.table.models import GenTable
from loom_platform.errors import NotFound
from loom_platform.logging import caller

# Renders running at once, each in a child process killed at its budget; one user holds one slot at
# most, so a user's heavy templates wait for each other, never another user's preview.
_RENDER_SLOTS = FairSlots(total=4, per_user=1)


@dataclass(frozen=True)
class OutputFile:
    """A rendered file with its absolute destination inside the workspace."""

    path: str
    target: Path
    content: str


async def _main_table(session: AsyncSession, table_id: str) -> GenTable:
    table = await table_service.get(session, table_id)
    if table.is_sync != "1":
        raise NotSynced()
    if table.table_type == "2":
        raise ChildTableCodegen()
    if table.table_type == "5":
        raise RightTableCodegen()
    return table


async def render_files(session: AsyncSession, runtime: Runtime, payload: SchemeSave) -> list[OutputFile]:
    """Every file the scheme's template group renders for the table and its child tables."""
    table_id = scheme_service.check_form(payload)
    table = await _main_table(session, table_id)
    group = await session.get(TemplateGroup, str(payload.category))
    if group is None:
        raise NotFound()
    stmt = select(TemplateObj).where(TemplateObj.template_group_id == group.id).order_by(TemplateObj.sort)  # type: ignore[arg-type]
    templates = list((await session.execute(stmt)).scalars().all())
    if not templates:
        raise GroupEmpty()
    main, children = await _contexts(session, table)
    jobs: list[tuple[str, str, dict[str, Any]]] = []
    for context in template_contexts(_scheme_context(payload), main, children):
        for template in templates:
            if template.is_child == "1" and context["parent"] is None:
                continue
            jobs.append((template.name, template.contents, context))
    # Off the event loop and out of the process, a few at a time: a heavy template slows its own
    # request, not gencode (the caller is the signed-in user the request's auth recorded).
    async with _RENDER_SLOTS.hold(caller.get()):
        rendered = await asyncio.to_thread(render_isolated, jobs, group.name or group.id)
    return _place(runtime.settings.workspace, payload, rendered)


async def _contexts(session: AsyncSession, table: GenTable) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The main table's context and its child tables', each checked for names first: a design saved
    before a rule, or changed since, never reaches a template with a name that is not one."""
    contexts = []
    for design in [table, *await table_service.children_of(session, table)]:
        columns = await table_service.columns(session, design.id)
        rules.check_table_names(design)
        for column in columns:
            rules.check_column_names(column)
        contexts.append(table_context(design, columns))
    return contexts[0], contexts[1:]


def template_contexts(
    common: dict[str, Any], main: dict[str, Any], children: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """What the templates see for the main table, then for each of its child tables."""
    return [
        {
            **common,
            **_names(common, current),
            # a child table belongs to its master's module: the master's menu buttons grant it
            "permission": _names(common, main)["permission"],
            # what the table's pages and messages call a record: the scheme's short name for the main
            # table, a child's own comments (a left tree's right list holds 门店, not 片区)
            "title": (common["scheme"]["function_name_simple"] or main["comments"])
            if parent is None
            else current["comments"],
            "table": current,
            "parent": parent,
            "children": children if parent is None else [],
            "main": main,
        }
        for current, parent in [(main, None), *((child, main) for child in children)]
    ]


def _scheme_context(payload: SchemeSave) -> dict[str, Any]:
    module = str(payload.module_name)  # names by now (_check_form)
    sub = payload.sub_module_name or ""
    package = ".".join(p for p in [*str(payload.package_name).split("."), module, sub] if p)
    return {
        "scheme": {
            "package_name": payload.package_name,
            "module_name": module,
            "sub_module_name": sub,
            "function_name": payload.function_name,
            "function_name_simple": payload.function_name_simple,
            "author": payload.function_author,
        },
        "package": package,
        "package_path": package.replace(".", "/"),
        "module": module,
        "generated_at": time.strftime("%Y-%m-%d"),
    }


def _names(common: dict[str, Any], table: dict[str, Any]) -> dict[str, Any]:
    entity = table["name"]
    module = common["module"]
    return {
        "entity": entity,
        "api_prefix": f"/{module}/{entity}",
        "permission": f"{module}:{entity}",
        "page_href": f"/{module}/{entity}/{table['class_name']}List",
        "form_url": f"/{module}/{entity}/{table['class_name']}Form",
    }


def _place(root: Path, payload: SchemeSave, files: list[Rendered]) -> list[OutputFile]:
    back = workspace.resolve(root, str(payload.project_path))
    front = workspace.resolve(root, str(payload.front_project_path))
    placed = []
    for file in files:
        area, _, relative = file.path.partition("/")
        base = front if area == "front" else back
        target = workspace.resolve(root, str(base / relative))
        if base != target and base not in target.parents:
            raise PathOutside(path=file.path)
        placed.append(OutputFile(path=str(target.relative_to(root)), target=target, content=file.content))
    return placed


async def generate(
    session: AsyncSession,
    runtime: Runtime,
    payload: SchemeSave,
    choices: Mapping[str, Resolution] | None = None,
    *,
    user_id: str = "",
) -> str:
    """Saves the scheme, writes the rendered files merged with any hand edits (``choices``: the side
    taken for each conflicting file), and answers where they went (``user_id``: who generates)."""
    await _check_publishable(session, runtime, payload)
    scheme = await scheme_service.save_scheme(session, payload)
    planned = await regenerate.plan(session, await render_files(session, runtime, payload))
    written = await regenerate.write(session, planned, table_id=scheme.gen_table_id, choices=choices)
    files = [OutputFile(path=p.path, target=p.target, content=content) for p, content in written]
    events.code_generated(
        session,
        table_id=scheme.gen_table_id,
        scheme_id=scheme.id,
        group_id=str(payload.category),
        files=[f.path for f in files],
    )
    await _publish(session, runtime, payload, files, user_id)
    return str(workspace.resolve(runtime.settings.workspace, str(payload.project_path)))


async def _check_publishable(session: AsyncSession, runtime: Runtime, payload: SchemeSave) -> None:
    """Refuses, before anything is written, a table the app host cannot run generated into its store."""
    root = runtime.settings.workspace
    if not module_store.in_module_store(root, str(payload.project_path), str(payload.front_project_path)):
        return
    table = await table_service.get(session, scheme_service.check_form(payload))
    source_id = table.data_source_id or MASTER_ID
    if source_id != MASTER_ID:
        source = await session.get(DataSource, source_id)
        raise NotPublishable(table=table.name, source=source.name if source else source_id)


async def _publish(
    session: AsyncSession, runtime: Runtime, payload: SchemeSave, files: list[OutputFile], user_id: str
) -> None:
    """Hands a module written to the app host's store over to the host (nothing for other paths)."""
    root = runtime.settings.workspace
    if not module_store.in_module_store(root, str(payload.project_path), str(payload.front_project_path)):
        return
    table = await table_service.get(session, scheme_service.check_form(payload))
    main, children = await _contexts(session, table)
    common = _scheme_context(payload)
    names = _names(common, main)
    pairs = [(f.target, f.content) for f in files]
    module_store.module_published(
        session,
        table=table,
        module=common["module"],
        package=common["package"],
        pages_json=module_store.pages(
            main, children, names, str(payload.function_name_simple or table.comments)
        ),
        permission=names["permission"],
        backend=module_store.archive(pairs, root.resolve() / workspace.MODULE_BACKEND),
        frontend=module_store.archive(pairs, root.resolve() / workspace.MODULE_FRONTEND),
        generated_by=user_id,
    )


async def preview(session: AsyncSession, runtime: Runtime, payload: SchemeSave) -> list[RenderedFile]:
    """Each file as generating would leave it, with how (new, unchanged, generated, merged, conflict)."""
    planned = await regenerate.plan(session, await render_files(session, runtime, payload))
    return [RenderedFile(path=p.path, content=p.merged.content, status=p.merged.status) for p in planned]


async def zip_files(session: AsyncSession, runtime: Runtime, payload: SchemeSave) -> tuple[str, bytes]:
    """The rendered files as a zip archive (name URL-encoded, as the client reads it)."""
    files = await render_files(session, runtime, payload)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in files:
            archive.writestr(file.path, file.content)
    table = await table_service.get(session, scheme_service.check_form(payload))
    return quote(f"{table.name}.zip"), buffer.getvalue()


async def form_url(session: AsyncSession, *, table_id: str) -> str:
    """The workflow form address of a type-6 table."""
    table = await table_service.get(session, table_id)
    if table.table_type != "6":
        raise NotWorkflowForm()
    scheme = await scheme_service.scheme_of(session, table_id)
    module = scheme.module_name if scheme and scheme.module_name else table.name.split("_")[0]
    return f"/{module}/{table.name}/{table.class_name}Form"
