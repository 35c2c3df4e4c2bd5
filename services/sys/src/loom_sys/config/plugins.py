"""``/sys/plugin/list``: the platform's installed areas (the JeePlus plugin screen)."""

from __future__ import annotations

from importlib import metadata
from typing import Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal
from loom_sys.config.schemas import Plugins

router = APIRouter(prefix="/sys/plugin", tags=["plugin"])

# (distribution, name, icon, description) of each area the platform ships.
AREAS = (
    ("loom-sys", "系统管理", "setting", "用户、机构、角色、菜单、字典、文件、日志、数据权限与系统配置"),
    ("loom-gencode", "代码生成", "code", "数据源、表单配置、参考数据与模板，按模板组生成代码"),
    ("loom-workflow", "流程管理", "apartment", "BPMN 流程设计器与引擎、任务中心"),
    ("loom-forms", "表单管理", "form", "表单设计器、在线表单与流程表单"),
    ("loom-apps", "应用宿主", "appstore", "运行代码生成器生成的模块"),
)


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return ""


@router.get("/list", response_model=Plugins)
async def plugins(_: CurrentPrincipal) -> Any:
    """The areas installed with this platform and their versions (``success`` and ``rows``)."""
    rows = [
        {"id": dist, "name": name, "icon": icon, "description": text, "version": _version(dist), "site": ""}
        for dist, name, icon, text in AREAS
    ]
    return {"success": True, "rows": [r for r in rows if r["version"] or r["id"] == "loom-sys"]}
