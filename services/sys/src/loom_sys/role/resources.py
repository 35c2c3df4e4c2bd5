"""Roles as a resource of the platform's one CRUD (``loom_platform.crud``): ``/sys/role/{list,save,
delete}``. Every signed-in user lists them (the role picker). ``queryById`` (the grants only for
role administrators), the name check and the members are routes of their own (``router.py``)."""

from __future__ import annotations

from loom_platform.crud import Access
from loom_sys.domain_resource import domain_resource
from loom_sys.role import service
from loom_sys.role.models import Role
from loom_sys.role.schemas import RolePublic, RoleSave

ROLE = domain_resource(
    "role",
    service,
    "sys.what.role",
    model=Role,
    wire=RoleSave,
    answer=RolePublic,
    read_route=False,
    access=Access(save=("sys:role:add", "sys:role:edit", "sys:role:auth"), delete=("sys:role:del",)),
    like={"name": "name", "enName": "en_name"},
    sortable={"name": "name", "en_name": "en_name", "create_date": "create_date"},
    # newest first, as every list of the portal, unless the user sorts a column
    order=("-create_date", "id"),
)
