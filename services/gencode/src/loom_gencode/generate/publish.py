"""Publishing a generated module to the app host (services/apps).

Code generated into the host's module store — the default back-end and front-end paths,
``apps/backend`` and ``apps/frontend`` under the workspace — is announced on NATS with its files
(``loom.gencode.module.published``); the host tests it and serves it. Code generated anywhere
else (a user's own repository) is only written.
"""

from __future__ import annotations

import io
import json
import time
import zipfile
from pathlib import Path
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.gencode.v1 import events_pb2
from loom_gencode.scheme import workspace
from loom_gencode.scheme.workspace import MODULE_BACKEND, MODULE_FRONTEND
from loom_platform.outbox import add_event

MODULE_PUBLISHED = "loom.gencode.module.published"


def in_module_store(root: Path, project_path: str, front_project_path: str) -> bool:
    """Whether both paths are the module store's (then the module is published)."""
    return workspace.resolve(root, project_path) == (root.resolve() / MODULE_BACKEND) and workspace.resolve(
        root, front_project_path
    ) == (root.resolve() / MODULE_FRONTEND)


def archive(files: list[tuple[Path, str]], base: Path) -> bytes:
    """The files below ``base`` as a zip archive of paths relative to it."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zipped:
        for target, content in files:
            if target == base or base in target.parents:
                zipped.writestr(str(target.relative_to(base)), content)
    return buffer.getvalue()


def _column(column: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": column["name"],
        "field": column["camel"],
        "label": column["comments"],
        "type": column["ts_type"],
        "pyType": column["py_type"],
        "list": column["is_list"] or column["is_pk"],
        "query": column["is_query"],
        "queryType": column["query_type"],
        "form": column["is_form"] and not column["is_base"] and not column["is_pk"],
        "insert": column["is_insert"],
        "edit": column["is_edit"],
        "required": not column["nullable"] and not column["is_pk"] and not column["is_base"],
        "showType": column["show_type"],
        "dictType": column["dict_type"],
        "maxLength": column["max_length"],
        "validateType": column["validate_type"],
        "pk": column["is_pk"],
    }


def pages(main: dict[str, Any], children: list[dict[str, Any]], names: dict[str, Any], title: str) -> str:
    """The list and form pages of the module as data (what the portal renders)."""
    return json.dumps(
        {
            "tables": [main["name"], *(c["name"] for c in children)],
            "title": title,
            "entity": main["name"],
            "className": main["class_name"],
            "tableType": main["table_type"],
            "apiPrefix": names["api_prefix"],
            "pageHref": names["page_href"],
            "pk": main["pk"]["camel"] if main["pk"] else "id",
            "columns": [_column(c) for c in main["columns"]],
            "children": [
                {
                    "entity": c["name"],
                    "parentFk": c["parent_fk"],
                    "columns": [_column(x) for x in c["columns"]],
                }
                for c in children
            ],
        },
        ensure_ascii=False,
    )


def module_published(
    session: AsyncSession,
    *,
    table: Any,
    module: str,
    package: str,
    pages_json: str,
    permission: str,
    backend: bytes,
    frontend: bytes,
    generated_by: str = "",
) -> events_pb2.ModulePublished:
    """Announces a module written to the store, in the current transaction (``generated_by``: the
    user who generated it, who may read its test log at the host)."""
    message = events_pb2.ModulePublished(
        table_id=table.id,
        name=f"{module}/{table.name}",
        version=int(time.time() * 1000),
        package=package,
        backend=backend,
        frontend=frontend,
        pages=pages_json,
        permission=permission,
        table_name=table.name,
        data_source_id=table.data_source_id or "master",
        generated_by=generated_by,
    )
    add_event(session, MODULE_PUBLISHED, message)
    return message
