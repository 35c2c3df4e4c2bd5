"""What the routes share beyond the session: settings and the host."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from loom_apps.module.host import Host
from loom_apps.settings import AppsSettings


@dataclass
class Runtime:
    """Process-wide state of the app host (``app.state.apps``)."""

    settings: AppsSettings
    host: Host


async def get_runtime(request: Request) -> Runtime:
    """The app's runtime."""
    runtime: Runtime = request.app.state.apps
    return runtime


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
