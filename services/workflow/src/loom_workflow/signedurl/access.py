"""Who may load a diagram or a BPMN download: a caller with the token *header* (Bearer or the
client's ``token``), or anyone holding a valid signed URL for exactly that path and query. The
long-lived token in a cookie is not accepted here: ``<img src>`` and ``window.open`` get a signed
URL from ``/flowable/resource/signedUrl`` instead, which expires within minutes."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from loom_platform.auth import TOKEN_HEADER, Principal, current_principal
from loom_platform.errors import InvalidArgument, PermissionDenied, Unauthenticated
from loom_platform.i18n import EN, ZH, register
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.signedurl import signing

register(
    {
        "workflow.signed_url.invalid": {
            ZH: "链接已过期或无效，请刷新页面后重试",
            EN: "The link has expired or is not valid; reload the page and try again",
        },
        "workflow.signed_url.unsupported": {
            ZH: "无法为该地址生成链接: {path}",
            EN: "No link can be made for this address: {path}",
        },
    }
)


class SignedUrlInvalid(PermissionDenied):
    """The signature is expired, forged, or made for another path or query."""

    message_key = "workflow.signed_url.invalid"


class SignedUrlUnsupported(InvalidArgument):
    """Raised as ``SignedUrlUnsupported(path=...)``: no link is signed for this address."""

    message_key = "workflow.signed_url.unsupported"


async def signed_or_principal(request: Request, runtime: RuntimeDep) -> Principal | None:
    """None for a valid signed URL; else the caller of the token header (401 without one)."""
    if signing.SIGN in request.query_params:
        if signing.verify(runtime.settings.url_signing_key, request.url.path, request.query_params):
            return None
        raise SignedUrlInvalid()
    if not request.headers.get("authorization") and not request.headers.get(TOKEN_HEADER):
        raise Unauthenticated()
    return await current_principal(request)


SignedOrCaller = Annotated[Principal | None, Depends(signed_or_principal)]
