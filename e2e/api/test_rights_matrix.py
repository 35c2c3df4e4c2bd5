"""The rights matrix through the gateway: every route of every service is listed, refuses a call
without a token (401), and refuses a user without the right (403) unless it only ever answers
their own or filtered data."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import httpx
import pytest

from .rights_matrix import FORM, MATRIX, PERMISSION, PUBLIC
from .test_forms import _bound_form

SERVICES = {
    "sys": os.environ.get("LOOM_SYS_HTTP_PORT", "8101"),
    "gencode": os.environ.get("LOOM_GENCODE_HTTP_PORT", "8102"),
    "workflow": os.environ.get("LOOM_WORKFLOW_HTTP_PORT", "8103"),
    "forms": os.environ.get("LOOM_FORMS_HTTP_PORT", "8104"),
    "apps": os.environ.get("LOOM_APPS_HTTP_PORT", "8105"),
}
# Calling them would end the test user's session, or (the notice stream) never end; their 401
# without a token is still checked.
NOT_CALLED_AS_USER = {"GET /sys/logout", "GET /flowable/notice/stream"}


def _routes() -> dict[str, dict[str, str]]:
    """``"METHOD /path"`` -> required query parameters (filled with a placeholder), per OpenAPI."""
    found: dict[str, dict[str, str]] = {}
    for port in SERVICES.values():
        try:
            spec = httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=10).json()
        except httpx.HTTPError:
            continue  # a service that is not deployed
        for path, operations in spec["paths"].items():
            for method, operation in operations.items():
                params = operation.get("parameters", [])
                required = {p["name"]: "x" for p in params if p.get("required") and p["in"] == "query"}
                found[f"{method.upper()} {path}"] = required
    return found


ROUTES = _routes()


@pytest.fixture(scope="module")
def roleless(admin: httpx.Client, portal: httpx.Client) -> Iterator[httpx.Client]:
    """A signed-in user who holds no role at all."""
    name = f"norole-{uuid.uuid4().hex[:8]}"
    saved = admin.post("/api/sys/user/save", json={"loginName": name, "name": name, "password": "e2e-secret"})
    assert saved.status_code == 200, saved.text
    token = portal.post("/api/sys/login", json={"username": name, "password": "e2e-secret"}).json()["token"]
    with httpx.Client(
        base_url=portal.base_url, timeout=30, headers={"Authorization": f"Bearer {token}"}
    ) as c:
        yield c


def test_every_route_of_every_service_is_in_the_matrix() -> None:
    assert len(ROUTES) >= 150, "the services' OpenAPI documents were not reachable"
    deployed = {route for route in MATRIX if route in ROUTES}
    missing = sorted(set(ROUTES) - set(MATRIX))
    assert not missing, f"routes without an entry in e2e/api/rights_matrix.py: {missing}"
    assert deployed == set(ROUTES)


def test_every_route_but_the_login_pages_refuses_a_call_without_a_token(portal: httpx.Client) -> None:
    wrong = []
    for route, params in sorted(ROUTES.items()):
        method, path = route.split(" ", 1)
        answer = portal.request(method, f"/api{path}", params=params)
        if MATRIX.get(route) == PUBLIC:
            if answer.status_code == 401 and answer.json().get("msg") == "请先登录":
                wrong.append(f"{route}: {answer.status_code}")
        elif answer.status_code != 401:
            wrong.append(f"{route}: {answer.status_code}")
    assert not wrong, wrong


def test_a_user_without_rights_is_refused_where_a_permission_is_needed(roleless: httpx.Client) -> None:
    wrong = []
    for route, params in sorted(ROUTES.items()):
        if route in NOT_CALLED_AS_USER or MATRIX.get(route) == PUBLIC:
            continue
        method, path = route.split(" ", 1)
        answer = roleless.request(method, f"/api{path}", params=params)
        if MATRIX.get(route) == PERMISSION and answer.status_code != 403:
            wrong.append(f"{route}: expected 403, got {answer.status_code}")
        elif MATRIX.get(route) != PERMISSION and answer.status_code in (401, 403):
            wrong.append(f"{route}: a signed-in user's route answered {answer.status_code}")
    assert not wrong, wrong


def test_a_user_without_a_forms_permissions_is_refused_its_data(
    admin: httpx.Client, roleless: httpx.Client
) -> None:
    # given a real online form (bound to a table) whose buttons the user holds none of
    code = f"rm{uuid.uuid4().hex[:8]}"
    form_id = _bound_form(admin, code, f"rm_{code}")["id"]
    routes = sorted(route for route, kind in MATRIX.items() if kind == FORM and route in ROUTES)
    assert len(routes) >= 8
    wrong = []
    for route in routes:
        method, path = route.split(" ", 1)
        params = {**ROUTES[route], "formId": form_id}
        # when they call each of its data routes
        if route == "POST /form/generate/import":
            answer = roleless.post(f"/api{path}", params=params, files={"file": ("a.xlsx", b"x")})
        elif method == "POST":
            answer = roleless.post(f"/api{path}", params=params, json={"formId": form_id})
        else:
            answer = roleless.request(method, f"/api{path}", params=params)
        # then the form's own permission is named in a 403
        if answer.status_code != 403 or f"form:{code}:" not in answer.json().get("msg", ""):
            wrong.append(f"{route}: {answer.status_code} {answer.text[:120]}")
    assert not wrong, wrong
