"""The definition resources the client loads by URL, and the signed URLs for them and the charts.

``/flowable/process/resource/read`` (and the chart ``/flowable/task/trace/photo/{processInstanceId}``,
``task/chart_router.py``) answer to the token header or a signed URL (``signedurl/access.py``);
``/flowable/resource/signedUrl`` signs one of the signable paths for a caller who may read it now.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl, quote, urlsplit

from fastapi import APIRouter
from fastapi.responses import Response

from loom_platform.auth import CurrentAccess
from loom_platform.db import SessionDep
from loom_platform.errors import PermissionDenied
from loom_platform.openapi import download
from loom_workflow.diagram import service
from loom_workflow.diagram.schemas import SignedUrl
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.flowcopy.access import Rights
from loom_workflow.process.queries import definition_xml
from loom_workflow.signedurl import signing
from loom_workflow.signedurl.access import SignedOrCaller, SignedUrlUnsupported

router = APIRouter(tags=["diagram"])

TRACE = re.compile(r"^/flowable/task/trace/photo/(?P<id>[^/?#]+)$")
RESOURCE = "/flowable/process/resource/read"
MODEL = re.compile(r"^/app/rest/models/(?P<id>[^/?#]+)/bpmn20$")
MODEL_VIEW = ("flowable:model:view", "flowable:model:design")


@router.get(RESOURCE, responses=download(service.SVG, "the diagram as SVG, or the BPMN XML (resType=xml)"))
async def resource_read(
    session: SessionDep, _: SignedOrCaller, procDefId: str, resType: str = "image"
) -> Response:  # noqa: N803
    """The definition's BPMN XML (``resType=xml``) or its diagram (``image``)."""
    if resType == "xml":
        return Response(await definition_xml(session, procDefId), media_type="text/xml; charset=utf-8")
    return service.svg_response(await service.definition_svg(session, procDefId))


@router.get("/flowable/resource/signedUrl", response_model=SignedUrl)
async def signed_url(
    runtime: RuntimeDep, session: SessionDep, rights: Rights, access: CurrentAccess, url: str
) -> Any:
    """``{url, expires}``: ``url`` (a chart, a definition resource or a model's BPMN download, with
    or without ``/api``) signed for a few minutes, for a caller who may read it now."""
    parts = urlsplit(url)
    path = parts.path.removeprefix("/api")
    query = dict(parse_qsl(parts.query, keep_blank_values=True))
    query = {k: v for k, v in query.items() if k not in (signing.SIGN, signing.EXPIRES)}
    if (trace := TRACE.match(path)) is not None:
        await rights.check(session, trace["id"])
    elif MODEL.match(path) is not None:
        if not any(access.allows(p) for p in MODEL_VIEW):
            raise PermissionDenied(permission=" | ".join(MODEL_VIEW))
    elif path != RESOURCE or not query.get("procDefId"):
        raise SignedUrlUnsupported(path=quote(path[:200]))
    ttl = runtime.settings.signed_url_seconds
    signed = signing.sign(runtime.settings.url_signing_key, path, query, ttl)
    return {"url": signed, "expires": int(dict(parse_qsl(urlsplit(signed).query))[signing.EXPIRES])}
