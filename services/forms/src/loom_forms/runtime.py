"""What the routes share beyond the session: settings and the clients of sys and gencode."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends

from loom_contracts.clients.sys_directory import DirectoryClient
from loom_forms.gencode_client import DataClient
from loom_forms.online_cache import OnlineCache
from loom_forms.settings import FormsSettings
from loom_platform.appstate import app_state


@dataclass
class Runtime:
    """Process-wide state of the forms service (``app.state.forms``)."""

    settings: FormsSettings
    data: DataClient
    directory: DirectoryClient
    online: OnlineCache[Any]  # of generate.service.Online, loaded by generate.service.load


get_runtime = app_state("forms", Runtime)
RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
