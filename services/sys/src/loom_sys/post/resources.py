"""Posts as a resource of the platform's one CRUD (``loom_platform.crud``): ``/sys/post/{list,
queryById,save,delete}``. Every signed-in user lists and reads them (the post picker)."""

from __future__ import annotations

from loom_platform.crud import Access
from loom_sys.domain_resource import domain_resource
from loom_sys.post import service
from loom_sys.post.models import Post
from loom_sys.post.schemas import PostPublic, PostSave

POST = domain_resource(
    "post",
    service,
    "sys.what.post",
    model=Post,
    wire=PostSave,
    answer=PostPublic,
    access=Access(save=("sys:post:add", "sys:post:edit"), delete=("sys:post:del",)),
    like={"name": "name", "code": "code"},
    sortable={"name": "name", "code": "code", "sort": "sort", "create_date": "create_date"},
    order=("sort", "name"),
)
