"""Process categories as a resource of the platform's one CRUD (``loom_platform.crud``):
``/extension/actCategory/{queryById,save,delete}``; the tree answer (``treeData``) is a route of
its own."""

from __future__ import annotations

from loom_platform.crud import Access, Resource, saving
from loom_platform.i18n import translate
from loom_platform.tree import NodePublic
from loom_workflow.category import service
from loom_workflow.category.errors import CategoryNotFound
from loom_workflow.category.models import ActCategory
from loom_workflow.category.schemas import CategorySave

CATEGORY = Resource(
    name="act_category",
    model=ActCategory,
    wire=CategorySave,
    answer=NodePublic,
    list_route=False,
    access=Access(
        read=("extension:actCategory:view", "extension:actCategory:edit"),
        save=("extension:actCategory:add", "extension:actCategory:edit"),
        delete=("extension:actCategory:del",),
    ),
    missing=lambda category_id: CategoryNotFound(id=category_id),
    render=service.render,
    save=saving(service.save),
    remove=service.delete_many,
    saved=lambda name: translate("workflow.category.saved", name=name),
    deleted=lambda: translate("workflow.category.deleted"),
)
