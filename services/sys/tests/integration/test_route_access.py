"""Every route needs a token (401 without one) and, where it names one, a permission (403 without)."""

from __future__ import annotations

import re
from typing import Any

import httpx
from fastapi import FastAPI
from fastapi.routing import APIRoute

from loom_sys.main import ROUTERS

# Reachable before login: the login page needs these (the captcha, and CAS's ticket exchange).
PUBLIC = {"/sys/login", "/sys/refreshToken", "/sys/sysConfig/getConfig", "/sys/getCode", "/sys/casLogin"}
PROBES = {"/healthz", "/readyz", "/metrics"}


def permissions_of(route: APIRoute) -> tuple[str, ...]:
    """The permission strings a route's dependencies require (read from require_permission)."""
    found: list[str] = []

    def walk(dependant: Any) -> None:
        found.extend(getattr(dependant.call, "permissions", ()))
        for sub in dependant.dependencies:
            walk(sub)

    walk(route.dependant)
    return tuple(found)


def api_routes(app: FastAPI) -> list[APIRoute]:  # noqa: ARG001 - the app is built from these routers
    return [
        r for router in ROUTERS for r in router.routes if isinstance(r, APIRoute) and r.path not in PROBES
    ]


def concrete(path: str) -> str:
    return re.sub(r"{[^}]+}", "x", path)


async def test_every_route_but_the_public_ones_refuses_a_call_without_token(
    app: FastAPI, anonymous: httpx.AsyncClient
) -> None:
    # given every route of sys
    routes = api_routes(app)
    assert len(routes) >= 50
    for route in routes:
        for method in route.methods:
            # when it is called without a token
            answer = await anonymous.request(method, concrete(route.path))
            # then it answers 401, unless it is one the login page needs
            if route.path in PUBLIC:
                assert answer.status_code == 200 or answer.json()["msg"] != "请先登录", route.path
            else:
                assert answer.status_code == 401, f"{method} {route.path} answered {answer.status_code}"


async def test_every_route_with_a_permission_refuses_a_user_without_it(
    app: FastAPI, make_user: Any, client_for: Any
) -> None:
    # given a user who holds no role at all
    await make_user("nobody-special")
    client = await client_for("nobody-special")
    guarded = [r for r in api_routes(app) if permissions_of(r)]
    # a floor, so a walk that stops finding the guarded routes fails; the user list and queryById
    # left it when they became the user picker (any signed-in user, picker fields only)
    assert len(guarded) >= 28
    for route in guarded:
        for method in route.methods:
            # when they call a route that requires a permission
            answer = await client.request(method, concrete(route.path))
            # then it is refused with the permission named
            assert answer.status_code == 403, f"{method} {route.path} answered {answer.status_code}"
            assert permissions_of(route)[0] in answer.json()["msg"]


async def test_routes_the_seeds_protect_name_the_seeded_permissions(app: FastAPI) -> None:
    by_path = {r.path: permissions_of(r) for r in api_routes(app)}
    assert by_path["/sys/user/save"] == ("sys:user:add", "sys:user:edit")
    assert by_path["/sys/dict/delete"] == ("sys:dict:del",)
    assert by_path["/sys/role/addUserToRole"] == ("sys:role:assign",)
