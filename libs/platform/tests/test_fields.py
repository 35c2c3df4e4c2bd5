"""A route reads the same fields whether the client sends a query, a form or a JSON object."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi import FastAPI, Request

from loom_platform.errors import InvalidArgument
from loom_platform.fields import id_list, request_fields
from loom_platform.http import JSON, install_error_handlers


def build_app() -> FastAPI:
    app = FastAPI(default_response_class=JSON)
    install_error_handlers(app)

    @app.post("/text")
    async def text(request: Request) -> dict[str, Any]:
        return await request_fields(request)

    @app.post("/raw")
    async def raw(request: Request) -> dict[str, Any]:
        return await request_fields(request, text=False)

    return app


@pytest.fixture
async def client() -> Any:
    transport = httpx.ASGITransport(app=build_app())
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


async def test_a_form_body_wins_over_the_query(client: httpx.AsyncClient) -> None:
    # when
    answer = await client.post("/text?id=q&isForce=1", data={"isForce": "2", "name": "表"})
    # then
    assert answer.json() == {"id": "q", "isForce": "2", "name": "表"}


async def test_json_values_read_as_form_text_unless_asked_raw(client: httpx.AsyncClient) -> None:
    # given
    body = {"id": 7, "flag": True, "none": None, "list": [1, "a"], "name": "甲"}
    # when
    as_text = await client.post("/text?extra=x", json=body)
    raw = await client.post("/raw", json=body)
    # then
    assert as_text.json() == {
        "extra": "x",
        "id": "7",
        "flag": "true",
        "none": "",
        "list": '[1,"a"]',
        "name": "甲",
    }
    assert raw.json() == body


async def test_a_json_body_that_is_not_an_object_is_a_clear_400(client: httpx.AsyncClient) -> None:
    # when
    listed = await client.post("/text", json=[1, 2])
    broken = await client.post("/text", content=b"{oops", headers={"content-type": "application/json"})
    empty = await client.post("/text?id=1", content=b"", headers={"content-type": "application/json"})
    # then
    assert listed.status_code == 400 and listed.json()["code"] == "INVALID_ARGUMENT"
    assert broken.status_code == 400 and "body" in broken.json()["msg"]
    assert empty.json() == {"id": "1"}


async def test_uploaded_files_are_not_fields(client: httpx.AsyncClient) -> None:
    # when
    answer = await client.post("/text", data={"name": "a"}, files={"file": ("a.txt", b"hi")})
    # then
    assert answer.json() == {"name": "a"}


@pytest.mark.parametrize(
    "sent",
    ["u-a,u-b", " u-a , ,u-b ", '"u-a,u-b"', '["u-a","u-b"]'],
)
def test_id_lists_read_the_same_comma_joined_quoted_or_as_a_json_list(sent: str) -> None:
    # when / then
    assert id_list(sent) == ["u-a", "u-b"]


def test_an_id_list_that_is_broken_json_is_refused() -> None:
    # when / then
    with pytest.raises(InvalidArgument):
        id_list('["u-a",')
