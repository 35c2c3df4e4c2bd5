"""What the routes share beyond the session: settings and the clients of sys and gencode."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Request

from loom_contracts.clients.sys_directory import DirectoryClient
from loom_forms.gencode_client import DataClient
from loom_forms.settings import FormsSettings

if TYPE_CHECKING:  # the cache's module reads forms through the runtime's clients
    from loom_forms.generate.cache import OnlineCache


@dataclass
class Runtime:
    """Process-wide state of the forms service (``app.state.forms``)."""

    settings: FormsSettings
    data: DataClient
    directory: DirectoryClient
    online: OnlineCache


async def get_runtime(request: Request) -> Runtime:
    """The app's runtime."""
    runtime: Runtime = request.app.state.forms
    return runtime


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
