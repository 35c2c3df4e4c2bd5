"""Menus as a resource of the platform's one CRUD (``loom_platform.crud``): ``/sys/menu/{queryById,
save,delete}``; the menu tree, the grant tree and the caller's menus are routes of their own."""

from __future__ import annotations

from loom_platform.crud import Access
from loom_sys.domain_resource import domain_resource
from loom_sys.menu import service
from loom_sys.menu.models import Menu
from loom_sys.menu.schemas import MenuPublic, MenuSave

MENU = domain_resource(
    "menu",
    service,
    "sys.what.menu",
    model=Menu,
    wire=MenuSave,
    answer=MenuPublic,
    list_route=False,
    access=Access(
        read=("sys:menu:view", "sys:role:auth", "sys:role:view"),
        save=("sys:menu:add", "sys:menu:edit"),
        delete=("sys:menu:del",),
    ),
)
