"""What the routes share beyond the session: settings and the clients of sys and gencode."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends

from loom_contracts.clients.sys_directory import DirectoryClient
from loom_forms.gencode_client import DataClient
from loom_forms.settings import FormsSettings
from loom_platform.appstate import app_state

if TYPE_CHECKING:  # the cache's module reads forms through the runtime's clients
    from loom_forms.generate.cache import OnlineCache


@dataclass
class Runtime:
    """Process-wide state of the forms service (``app.state.forms``)."""

    settings: FormsSettings
    data: DataClient
    directory: DirectoryClient
    online: OnlineCache


get_runtime = app_state("forms", Runtime)
RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
