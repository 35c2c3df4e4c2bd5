"""Areas as a resource of the platform's one CRUD (``loom_platform.crud``): ``/sys/area/{queryById,
save,delete}``; the tree (``treeData``) is a route of its own. Every signed-in user reads them (the
area selects)."""

from __future__ import annotations

from loom_platform.crud import Access
from loom_sys.area import service
from loom_sys.area.models import Area
from loom_sys.area.schemas import AreaPublic, AreaSave
from loom_sys.domain_resource import domain_resource

AREA = domain_resource(
    "area",
    service,
    "sys.what.area",
    model=Area,
    wire=AreaSave,
    answer=AreaPublic,
    list_route=False,
    access=Access(save=("sys:area:add", "sys:area:edit"), delete=("sys:area:del",)),
)
