"""What the routes share beyond the session: settings, data-source engines, the password box."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends

from loom_contracts.clients.sys_directory import DirectoryClient
from loom_gencode.connection.crypto import PasswordBox
from loom_gencode.connection.engines import EngineCache
from loom_gencode.settings import GencodeSettings
from loom_platform.appstate import app_state


@dataclass
class Runtime:
    """Process-wide state of the gencode service (``app.state.gencode``)."""

    settings: GencodeSettings
    engines: EngineCache
    box: PasswordBox
    directory: DirectoryClient | None = None


get_runtime = app_state("gencode", Runtime)


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
