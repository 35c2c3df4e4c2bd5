"""Imports a module version under a name of its own and builds the ASGI app that serves it (inside
a sandboxed worker: sandbox/gate.py).

Each version is imported as ``loom_app_<hash>`` (its files use relative imports only), so two
versions of one module live side by side while requests in flight finish on the old one. The
tables a version declares replace the previous version's in SQLModel's shared metadata (each
mapped class keeps its own Table object).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from sqlmodel import SQLModel

from loom_platform.http import JSON, install_error_handlers


@dataclass(frozen=True)
class Loaded:
    """A version ready to serve: one app holding the routers of its table and its child tables (in
    the host: the app that forwards to the version's worker)."""

    name: str
    version: int
    prefixes: tuple[str, ...]
    app: Any


def ensure_inits(back: Path, package: str, tables: list[str]) -> None:
    """Writes the empty ``__init__.py`` files the version's package and table folders lack (the
    host does, before the sandbox, which may not write there, imports them)."""
    root = back.joinpath(*[p for p in package.split(".") if p])
    for folder in (root, *(root / t for t in tables)):
        if folder.is_dir() and not (folder / "__init__.py").exists():
            (folder / "__init__.py").write_text("")
            (folder / "__init__.py").chmod(0o644)


def import_package(folder: Path, alias: str) -> None:
    """Imports ``folder`` (the module's package: one sub-package per table) as package ``alias``."""
    init = folder / "__init__.py"
    if not init.exists():
        init.write_text("")
    spec = importlib.util.spec_from_file_location(alias, init, submodule_search_locations=[str(folder)])
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {folder}")
    package = importlib.util.module_from_spec(spec)
    sys.modules[alias] = package
    spec.loader.exec_module(package)


def import_router(alias: str, table: str) -> APIRouter:
    """The ``router`` of the table's sub-package of an imported module package."""
    folder = Path(str(sys.modules[alias].__path__[0])) / table
    if not (folder / "__init__.py").exists():
        (folder / "__init__.py").write_text("")
    module = importlib.import_module(f"{alias}.{table}.router")
    router = getattr(module, "router", None)
    if not isinstance(router, APIRouter):
        raise ImportError(f"{table}/router.py has no APIRouter named router")
    return router


def forget(alias: str) -> None:
    """Drops an imported version's modules (its objects live on while requests use them)."""
    for key in [k for k in sys.modules if k.startswith(alias)]:
        del sys.modules[key]


def alias_of(name: str, version: int) -> str:
    """The import name of a version."""
    return "loom_app_" + hashlib.sha1(f"{name}@{version}".encode()).hexdigest()[:16]


def build(
    name: str, version: int, back: Path, package: str, tables: list[str], state: dict[str, Any]
) -> Loaded:
    """The version's own FastAPI app: the routers of its tables (the first is the module's own,
    the others its child tables'), the platform's errors, the host's sessions and auth."""
    for table in tables:
        existing = SQLModel.metadata.tables.get(table)
        if existing is not None:
            SQLModel.metadata.remove(existing)
    alias = alias_of(name, version)
    module = name.split("/", 1)[0]
    app = FastAPI(default_response_class=JSON, openapi_url=None, docs_url=None, redoc_url=None)
    install_error_handlers(app)
    prefixes = []
    try:
        # one package per version, so a master's service reaches its child tables' (``..child``)
        import_package(back.joinpath(*[p for p in package.split(".") if p]), alias)
        for table in tables:
            if not (back.joinpath(*[p for p in package.split(".") if p], table, "router.py")).exists():
                continue
            app.include_router(import_router(alias, table))
            prefixes.append(f"/{module}/{table}")
    except BaseException:
        forget(alias)
        raise
    for key, value in state.items():
        setattr(app.state, key, value)
    return Loaded(name=name, version=version, prefixes=tuple(prefixes), app=app)
