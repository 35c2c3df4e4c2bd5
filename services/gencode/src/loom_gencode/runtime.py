"""What the routes share beyond the session: settings, data-source engines, the password box."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from loom_contracts.clients.sys_directory import DirectoryClient
from loom_gencode.datasource.crypto import PasswordBox
from loom_gencode.datasource.engines import EngineCache
from loom_gencode.settings import GencodeSettings


@dataclass
class Runtime:
    """Process-wide state of the gencode service (``app.state.gencode``)."""

    settings: GencodeSettings
    engines: EngineCache
    box: PasswordBox
    directory: DirectoryClient | None = None


def get_runtime(request: Request) -> Runtime:
    """The app's runtime."""
    runtime: Runtime = request.app.state.gencode
    return runtime


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
