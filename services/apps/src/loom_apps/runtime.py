"""What the routes share beyond the session: settings and the host."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends

from loom_apps.module.host import Host
from loom_apps.settings import AppsSettings
from loom_platform.appstate import app_state


@dataclass
class Runtime:
    """Process-wide state of the app host (``app.state.apps``)."""

    settings: AppsSettings
    host: Host


get_runtime = app_state("apps", Runtime)
RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
