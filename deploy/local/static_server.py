"""Serves the built frontends: the shell at ``/`` (with SPA fallback) and remotes at ``/mf/<area>/``.

Remote entries are fetched across origins during development, so answers carry CORS headers.
"""

from __future__ import annotations

import os
from pathlib import Path

import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles


def frontends_dir() -> Path:
    """``LOOM_FRONTENDS_DIR`` (the image: ``/app/frontends``), else the checkout's ``frontends/``.

    The checkout is looked up only when the variable is unset: in the image this file is
    ``/app/static_server.py``, which has no ``parents[2]``."""
    configured = os.environ.get("LOOM_FRONTENDS_DIR", "").strip()
    return Path(configured) if configured else Path(__file__).resolve().parents[2] / "frontends"


FRONTENDS = frontends_dir()
AREAS = ("sys", "gencode", "workflow", "forms")


class NoCacheEntry(StaticFiles):
    """Hashed assets are cached for a year; entry files (HTML, remoteEntry) are always revalidated."""

    def file_response(self, full_path: Path | str, *args: object, **kwargs: object) -> Response:
        response = super().file_response(full_path, *args, **kwargs)  # type: ignore[arg-type]
        name = str(full_path)
        immutable = "/assets/" in name and not name.endswith("remoteEntry.js")
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable" if immutable else "no-cache"
        return response


async def shell(request: Request) -> Response:
    dist = FRONTENDS / "shell" / "dist"
    relative = request.path_params.get("path", "")
    if relative.startswith("mf/"):
        # A remote that is not built (or not deployed) is missing, not a page of the shell.
        return PlainTextResponse("remote not available", status_code=404)
    candidate = (dist / relative).resolve()
    if relative and candidate.is_file() and candidate.is_relative_to(dist.resolve()):
        immutable = relative.startswith("assets/")
        cache = "public, max-age=31536000, immutable" if immutable else "no-cache"
        return FileResponse(candidate, headers={"Cache-Control": cache})
    index = dist / "index.html"
    if not index.is_file():
        return PlainTextResponse("The portal is not built yet: run `make frontends`.", status_code=503)
    return FileResponse(index, headers={"Cache-Control": "no-cache"})


def build() -> Starlette:
    routes: list[Route | Mount] = []
    for area in AREAS:
        dist = FRONTENDS / area / "dist"
        if dist.is_dir():
            routes.append(Mount(f"/mf/{area}", app=NoCacheEntry(directory=dist), name=f"mf-{area}"))
    routes.append(Route("/{path:path}", shell))
    middleware = [Middleware(CORSMiddleware, allow_origins=["*"], allow_methods=["GET"], allow_headers=["*"])]
    return Starlette(routes=routes, middleware=middleware)


if __name__ == "__main__":
    uvicorn.run(
        build(),
        host=os.environ.get("LOOM_STATIC_HOST", "127.0.0.1"),
        port=int(os.environ.get("LOOM_STATIC_PORT", "8090")),
        log_level="warning",
    )
