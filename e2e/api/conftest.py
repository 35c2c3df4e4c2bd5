"""Cross-service API tests through the real gateway started by scripts/e2e.sh."""

from __future__ import annotations

import os
from collections.abc import Iterator

import httpx
import pytest

PORTAL = os.environ.get("LOOM_PORTAL_URL", "http://127.0.0.1:8080")
ADMIN_PASSWORD = os.environ.get("LOOM_ADMIN_PASSWORD", "")


@pytest.fixture(scope="session")
def portal() -> Iterator[httpx.Client]:
    with httpx.Client(base_url=PORTAL, timeout=10) as client:
        yield client


@pytest.fixture(scope="session")
def admin(portal: httpx.Client) -> httpx.Client:
    """A client logged in as the seeded administrator."""
    answer = portal.post("/api/sys/login", json={"username": "admin", "password": ADMIN_PASSWORD})
    assert answer.status_code == 200, answer.text
    client = httpx.Client(
        base_url=PORTAL, timeout=10, headers={"Authorization": f"Bearer {answer.json()['token']}"}
    )
    return client
