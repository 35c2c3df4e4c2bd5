"""Short-lived signed URLs for what the browser loads without the token header (``<img src>``,
``window.open``): an HMAC over the path and its query (so over the instance, definition or model it
names) with an expiry. A signature is refused once expired, and for any other path or query."""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Mapping
from urllib.parse import urlencode

SIGN, EXPIRES = "sign", "expires"


def _canonical(path: str, query: Mapping[str, str], expires: int) -> bytes:
    kept = sorted((k, v) for k, v in query.items() if k not in (SIGN, EXPIRES))
    return f"{path}?{urlencode(kept)}&{EXPIRES}={expires}".encode()


def sign(key: str, path: str, query: Mapping[str, str], ttl_seconds: int, now: float | None = None) -> str:
    """The path with its query, ``expires`` and ``sign`` (what the browser may load until then)."""
    expires = int((time.time() if now is None else now) + ttl_seconds)
    mac = hmac.new(key.encode(), _canonical(path, query, expires), hashlib.sha256).hexdigest()
    kept = [(k, v) for k, v in query.items() if k not in (SIGN, EXPIRES)]
    return f"{path}?{urlencode([*kept, (EXPIRES, str(expires)), (SIGN, mac)])}"


def verify(key: str, path: str, query: Mapping[str, str], now: float | None = None) -> bool:
    """True when ``sign`` is this key's signature of this path and query and has not expired."""
    given, expires = query.get(SIGN, ""), query.get(EXPIRES, "")
    if not given or not expires.isdigit() or int(expires) < (time.time() if now is None else now):
        return False
    expected = hmac.new(key.encode(), _canonical(path, query, int(expires)), hashlib.sha256).hexdigest()
    return hmac.compare_digest(given, expected)
