"""Dictionary types as a resource of the platform's one CRUD (``loom_platform.crud``):
``/sys/dict/{queryById,save,delete}``, and the page of ``/sys/dict/type/list``. A type's values
(``getDictValue``, ``saveDictValue``, ...) and the map are routes of their own (``router.py``)."""

from __future__ import annotations

from loom_platform.crud import Access, Resource, saving
from loom_sys import announce
from loom_sys.dict import service
from loom_sys.dict.models import DictType
from loom_sys.dict.schemas import DictTypePublic, DictTypeSave

VIEW = ("sys:dict:view",)

DICT_TYPE = Resource(
    name="dict_type",
    model=DictType,
    wire=DictTypeSave,
    answer=DictTypePublic,
    list_route=False,  # the client lists types at /type/list
    access=Access(list=VIEW, read=VIEW, save=("sys:dict:add", "sys:dict:edit"), delete=("sys:dict:del",)),
    # a description is found by the words of either language
    like={"type": "type", "description": ("description", "description_en")},
    sortable={"type": "type", "description": "description", "create_date": "create_date"},
    order=("type",),
    render=service.render_type,
    save=saving(service.save_type, "description"),
    remove=service.delete_types,
    saved=announce.saved("sys.what.dict"),
    deleted=announce.deleted("sys.what.dict"),
)
