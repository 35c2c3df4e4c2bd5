"""``/sys/post/...``: posts, served by the platform's one CRUD (``post/resources.py``)."""

from __future__ import annotations

from fastapi import APIRouter

from loom_platform.crud import add_routes
from loom_sys.post.resources import POST

router = APIRouter(prefix="/sys/post", tags=["post"])
add_routes(router, POST)
