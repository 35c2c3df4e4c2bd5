"""The login captcha (验证码) of ``GET /sys/getCode``: an SVG image of four characters, checked at
login when the settings turn it on (``loginCode`` '1').

The code is not kept on the server: the answer sets a cookie holding its expiry and an HMAC of
expiry and code (keyed from sys's signing key), so any sys replica can check it. A code is valid for
:data:`VALID_SECONDS`; guessing passwords with one solved code still meets the login lockout.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from functools import lru_cache
from pathlib import Path

COOKIE = "loom_captcha"
VALID_SECONDS = 120
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
LENGTH = 4


@lru_cache(maxsize=4)
def key_of(private_key: Path) -> bytes:
    """The HMAC key: derived from the token signing key, so no new secret is needed."""
    return hashlib.sha256(b"loom-captcha\0" + private_key.read_bytes()).digest()


def _mac(key: bytes, expiry: int, code: str) -> str:
    return hmac.new(key, f"{expiry}:{code.upper()}".encode(), hashlib.sha256).hexdigest()


def issue(key: bytes, now: float | None = None) -> tuple[str, str]:
    """A new code and the cookie value that proves it."""
    code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    expiry = int((now or time.time()) + VALID_SECONDS)
    return code, f"{expiry}.{_mac(key, expiry, code)}"


def check(key: bytes, cookie: str | None, code: str | None, now: float | None = None) -> bool:
    """Whether ``code`` is the one the cookie was issued for, before its expiry."""
    expiry_text, _, mac = (cookie or "").partition(".")
    if not expiry_text.isdigit() or not code or int(expiry_text) < (now or time.time()):
        return False
    return hmac.compare_digest(mac, _mac(key, int(expiry_text), code.strip()))


def image(code: str) -> str:
    """The code drawn as SVG: each character turned a little, with crossing lines."""
    rng = secrets.SystemRandom()
    glyphs = "".join(
        f'<text x="{14 + i * 22}" y="29" font-size="24" font-family="monospace" fill="#2f54eb" '
        f'transform="rotate({rng.randint(-25, 25)} {20 + i * 22} 22)">{char}</text>'
        for i, char in enumerate(code)
    )
    lines = "".join(
        f'<line x1="{rng.randint(0, 100)}" y1="{rng.randint(0, 40)}" x2="{rng.randint(0, 100)}" '
        f'y2="{rng.randint(0, 40)}" stroke="#adc6ff" stroke-width="1"/>'
        for _ in range(5)
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40" viewBox="0 0 100 40">'
        f'<rect width="100" height="40" fill="#f0f5ff"/>{lines}{glyphs}</svg>'
    )
