"""The call an HTTP task's job asks for, made by a job worker on its event loop (httpx, asynchronous),
outside any command or instance lock: the host is checked and resolved first (``hosts.check``, in a
thread), the request goes to the address checked (no second lookup, so no rebinding), no redirect is
followed and the answer is read up to a size."""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

from loom_platform.errors import LoomError
from loom_workflow.connector import hosts
from loom_workflow.engine.runtime.jobs import HttpAnswer


def _pinned(url: str, target: hosts.Target) -> tuple[str, str]:
    """The URL with the checked address in place of the host name, and the Host header to send."""
    parts = urlsplit(url)
    address = next((a for a in target.addresses if ":" not in a), target.addresses[0])
    literal = f"[{address}]" if ipaddress.ip_address(address).version == 6 else address
    default = 443 if target.scheme == "https" else 80
    host_header = target.host if target.port == default else f"{target.host}:{target.port}"
    return urlunsplit((parts.scheme, f"{literal}:{target.port}", parts.path, parts.query, "")), host_header


async def call(
    request: Mapping[str, Any],
    *,
    allowed: Sequence[str],
    internal: frozenset[int],
    max_bytes: int,
    language: str = "zh-CN",
) -> HttpAnswer:
    """Makes the call; an answer, or ``error`` saying why there is none (the job then fails and is retried)."""
    url = str(request.get("url") or "")
    try:
        target = await asyncio.get_running_loop().run_in_executor(None, hosts.check, url, allowed, internal)
    except LoomError as exc:
        return HttpAnswer(error=exc.message(language))
    pinned, host_header = _pinned(url, target)
    headers = [(str(k), str(v)) for k, v in request.get("headers") or ()]
    headers = [h for h in headers if h[0].lower() != "host"] + [("Host", host_header)]
    body = request.get("body")
    timeout = max(0.1, float(request.get("timeoutMs") or 10_000) / 1000)
    extensions = {"sni_hostname": target.host} if target.scheme == "https" else {}
    try:
        async with httpx.AsyncClient(follow_redirects=False, timeout=timeout, trust_env=False) as client:
            req = client.build_request(
                str(request.get("method") or "GET"),
                pinned,
                headers=headers,
                content=body.encode() if isinstance(body, str) else None,
                extensions=extensions,
            )
            response = await client.send(req, stream=True)
            try:
                content = bytearray()
                async for chunk in response.aiter_bytes():
                    content += chunk
                    if len(content) > max_bytes:
                        return HttpAnswer(error=f"answer larger than {max_bytes} bytes")
            finally:
                await response.aclose()
    except httpx.TimeoutException:
        return HttpAnswer(error=f"timeout after {timeout:g} s")
    except httpx.HTTPError as exc:
        return HttpAnswer(error=f"{type(exc).__name__}: {exc}"[:500])
    return HttpAnswer(
        status=response.status_code,
        reason=response.reason_phrase,
        headers=tuple((k, v) for k, v in response.headers.items()),
        body=bytes(content).decode(response.encoding or "utf-8", errors="replace"),
    )
