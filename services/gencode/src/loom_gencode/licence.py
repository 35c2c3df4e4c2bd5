"""The optional licence check of the table list (codes 700 invalid, 710 expired).

A licence file is JSON ``{"serial", "expires" (ISO date), "signature"}`` where the signature
is HMAC-SHA256 of ``"<serial>|<expires>"`` under the service's secret key. With no file
configured there is no check.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import platform
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime

from loom_gencode.settings import GencodeSettings
from loom_platform.i18n import translate

INVALID, EXPIRED = 700, 710


@dataclass(frozen=True)
class LicenceProblem:
    """Why the list is refused: the code the client checks, a message and the machine serial."""

    code: int
    msg: str
    serial: str


def machine_serial() -> str:
    """A stable serial for this machine (hash of host name and MAC address)."""
    raw = f"{platform.node()}|{uuid.getnode():012x}"
    return hashlib.sha256(raw.encode()).hexdigest()[:24].upper()


def sign(secret: str, serial: str, expires: str) -> str:
    """The signature a licence for ``serial`` until ``expires`` carries."""
    return hmac.new(secret.encode(), f"{serial}|{expires}".encode(), hashlib.sha256).hexdigest()


def check(settings: GencodeSettings, today: date | None = None) -> LicenceProblem | None:
    """None when no licence is configured or it is valid; else the problem."""
    if settings.licence_file is None:
        return None
    serial = machine_serial()
    try:
        data = json.loads(settings.licence_file.read_text(encoding="utf-8"))
        expires = str(data["expires"])
        valid = hmac.compare_digest(
            str(data["signature"]), sign(settings.secret_key, str(data["serial"]), expires)
        )
        valid = valid and str(data["serial"]) in (serial, "*")
        end = date.fromisoformat(expires)
    except (OSError, ValueError, KeyError, TypeError):
        valid, end = False, None
    if not valid or end is None:
        return LicenceProblem(INVALID, translate("gencode.licence.invalid"), serial)
    if end < (today or datetime.now(UTC).date()):
        return LicenceProblem(EXPIRED, translate("gencode.licence.expired"), serial)
    return None
