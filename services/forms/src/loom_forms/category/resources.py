"""Form categories as a resource of the platform's one CRUD (``loom_platform.crud``):
``/extension/formCategory/{queryById,save,delete}``; the tree answer (``treeData``) is a route of
its own."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_forms.category import service
from loom_forms.category.models import FormCategory
from loom_forms.category.schemas import CategorySave
from loom_platform.crud import Access, Resource
from loom_platform.i18n import translate
from loom_platform.tree import LabelledPublic

PERM = "extension:formDefinition"


async def _save(session: AsyncSession, body: CategorySave, _actor: str) -> str:
    # forms stamps its author from the request (``loom_forms.common.touch``)
    return (await service.save(session, body)).name


CATEGORY = Resource(
    name="form_category",
    model=FormCategory,
    wire=CategorySave,
    answer=LabelledPublic,
    form_body=True,
    list_route=False,
    access=Access(read=(f"{PERM}:view",), save=(f"{PERM}:add", f"{PERM}:edit"), delete=(f"{PERM}:del",)),
    render=service.render,
    save=_save,
    remove=service.delete,
    saved=lambda name: translate("forms.saved", what=name),
    deleted=lambda: translate("forms.deleted", what=""),
)
