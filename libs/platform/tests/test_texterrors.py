"""The JeePlus client's error contract: its errors are the message as text, with the same status;
Loom's portal and other callers keep the JSON error body."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from loom_platform.edge import GuardMiddleware
from loom_platform.errors import FieldsInvalid, InvalidArgument, PermissionDenied
from loom_platform.http import RequestContextMiddleware, install_error_handlers
from loom_platform.i18n import EN, ZH, register
from loom_platform.texterrors import PlainTextErrors, wants_plain_text

register({"test.texterrors.taken": {ZH: "名称'{name}'已存在", EN: "The name '{name}' is taken"}})

AXIOS_ACCEPT = "application/json, text/plain, */*"


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    # as create_app stacks them: the guard, the request context (language), the text errors outermost
    app.add_middleware(GuardMiddleware)
    app.add_middleware(RequestContextMiddleware, service="test")
    app.add_middleware(PlainTextErrors)
    install_error_handlers(app)

    @app.get("/taken")
    async def taken(name: str) -> None:
        raise InvalidArgument("test.texterrors.taken", name=name)

    @app.get("/denied")
    async def denied() -> None:
        raise PermissionDenied()

    @app.get("/fields")
    async def fields() -> None:
        raise FieldsInvalid({"days": "请假天数必须填写", "kind": "类型不正确"})

    @app.get("/fine")
    async def fine() -> dict[str, str]:
        return {"msg": "ok"}

    return TestClient(app)


def test_the_jeeplus_client_reads_an_error_as_its_message_in_text(client: TestClient) -> None:
    # given the client's headers: its token header, axios's Accept
    headers = {"token": "t", "Accept": AXIOS_ACCEPT}
    # when a route refuses
    answer = client.get("/taken", params={"name": "<b>x</b>"}, headers=headers)
    # then the status stays, the body is the message alone (escaped: the client renders HTML)
    assert answer.status_code == 400
    assert answer.headers["content-type"].startswith("text/plain")
    assert answer.text == "名称'&lt;b&gt;x&lt;/b&gt;'已存在"
    assert client.get("/denied", headers=headers).status_code == 403


def test_a_refusal_by_field_names_each_field_in_its_text(client: TestClient) -> None:
    text = client.get("/fields", headers={"token": "t"})
    assert (text.status_code, text.text) == (400, "数据校验失败; 请假天数必须填写; 类型不正确")
    portal = client.get("/fields", headers={"Authorization": "Bearer t"})
    assert portal.json()["details"] == {"days": "请假天数必须填写", "kind": "类型不正确"}


def test_the_portal_and_other_callers_keep_json_errors(client: TestClient) -> None:
    for headers in (
        {"Authorization": "Bearer t", "Accept": AXIOS_ACCEPT},
        {},
        {"token": "t", "Authorization": "Bearer t"},
    ):
        answer = client.get("/taken", params={"name": "x"}, headers=headers)
        assert answer.status_code == 400
        assert answer.json()["msg"] == "名称'x'已存在"


def test_asking_for_text_first_gets_text_in_the_callers_language(client: TestClient) -> None:
    answer = client.get(
        "/taken", params={"name": "x"}, headers={"Accept": "text/plain", "Accept-Language": "en-US"}
    )
    assert (answer.status_code, answer.text) == (400, "The name 'x' is taken")


def test_errors_of_the_edge_and_unknown_paths_are_text_too(client: TestClient) -> None:
    headers = {"token": "t"}
    nul = client.get("/taken", params={"name": "a\x00b"}, headers=headers)
    assert nul.status_code == 400 and "空字符" in nul.text and not nul.text.startswith("{")
    missing = client.get("/nowhere", headers=headers)
    assert missing.status_code == 404 and missing.text.startswith("404")


def test_successful_answers_pass_untouched(client: TestClient) -> None:
    answer = client.get("/fine", headers={"token": "t"})
    assert answer.status_code == 200 and answer.json() == {"msg": "ok"}


@pytest.mark.parametrize(
    ("headers", "text"),
    [
        ({b"token": b"t"}, True),
        ({b"token": b"t", b"authorization": b"Bearer t"}, False),
        ({b"accept": b"text/plain"}, True),
        ({b"accept": b"application/json;q=0.5, text/plain"}, True),
        ({b"accept": AXIOS_ACCEPT.encode()}, False),
        ({b"accept": b"*/*"}, False),
        ({}, False),
    ],
)
def test_who_reads_errors_as_text(headers: dict[bytes, bytes], text: bool) -> None:
    assert wants_plain_text(headers) is text
