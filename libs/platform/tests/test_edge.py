"""Bad input is a 400 with a message a user can read, and a failure never spoils the connection."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from pydantic import BaseModel

from loom_platform.edge import GuardMiddleware, body_has_nul
from loom_platform.embedded import free_port, wait_for_port
from loom_platform.http import JSON, RequestContextMiddleware, install_error_handlers
from loom_platform.paging import PageDep


class Item(BaseModel):
    id: str


def build_app() -> FastAPI:
    app = FastAPI(default_response_class=JSON)
    app.add_middleware(GuardMiddleware, max_text_body_bytes=1024)
    app.add_middleware(RequestContextMiddleware, service="test")
    install_error_handlers(app)

    @app.get("/echo")
    async def echo(q: str = "") -> dict[str, str]:
        return {"q": q}

    @app.post("/echo")
    async def echo_body(body: dict[str, object]) -> dict[str, object]:
        return body

    @app.get("/list")
    async def listing(page: PageDep) -> dict[str, int]:
        return {"current": page.current}

    @app.post("/broken")
    async def broken() -> None:
        raise RuntimeError("a bug")

    @app.post("/parse")
    async def parse(body: dict[str, object]) -> str:
        return Item.model_validate(body).id

    return app


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = free_port()
    config = uvicorn.Config(build_app(), host="127.0.0.1", port=port, log_config=None, access_log=False)
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    wait_for_port("127.0.0.1", port)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


def test_a_nul_character_in_a_search_is_refused_with_a_message(server: str) -> None:
    # when a query parameter holds %00
    response = httpx.get(f"{server}/echo?q=a%00b")
    # then a 400 says so, in Chinese by default and in English on request
    assert response.status_code == 400
    assert response.json()["msg"] == "参数不能包含空字符(\\0)"
    english = httpx.get(f"{server}/echo?q=%00", headers={"Accept-Language": "en-US"})
    assert english.json()["msg"] == "Parameters must not contain the NUL character (\\0)"


def test_a_nul_character_in_a_json_field_is_refused(server: str) -> None:
    response = httpx.post(
        f"{server}/echo", content=b'{"name": "a\\u0000b"}', headers={"content-type": "application/json"}
    )
    assert response.status_code == 400 and response.json()["code"] == "INVALID_ARGUMENT"


def test_an_escaped_backslash_before_u0000_is_ordinary_text(server: str) -> None:
    # given the text  a\u0000b  (a backslash, not a NUL)
    response = httpx.post(f"{server}/echo", json={"name": "a\\u0000b"})
    assert response.status_code == 200 and response.json() == {"name": "a\\u0000b"}


def test_nul_detection_covers_forms_and_raw_bytes() -> None:
    assert body_has_nul(b"name=a%00b", "application/x-www-form-urlencoded")
    assert body_has_nul(b"name=a\x00b", "text/plain")
    assert not body_has_nul(b"name=a%2500b", "application/x-www-form-urlencoded")


def test_a_body_beyond_the_limit_is_refused_and_the_connection_stays_usable(server: str) -> None:
    with httpx.Client() as client:
        response = client.post(f"{server}/echo", json={"text": "x" * 5000})
        assert response.status_code == 413
        assert "1024" in response.json()["msg"]
        assert client.get(f"{server}/echo?q=ok").json() == {"q": "ok"}


def test_a_page_number_beyond_any_list_is_a_400(server: str) -> None:
    response = httpx.get(f"{server}/list?current=100000000000000000")
    assert response.status_code == 400
    assert response.json()["msg"] == "页码[100000000000000000]无效"


def test_a_number_where_text_belongs_is_a_400_also_when_checked_inside_a_route(server: str) -> None:
    response = httpx.post(f"{server}/parse", json={"id": 5})
    assert response.status_code == 400
    assert response.json()["msg"].startswith("参数id, 数据验证失败")


def test_after_a_server_error_the_next_request_on_the_same_connection_is_answered(server: str) -> None:
    # given one keep-alive connection
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=5) as sock:
        request = f"POST /broken HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\n\r\n".encode()
        # when a request fails with a 500 and the next one is sent on the same connection
        sock.sendall(request)
        first = _read_response(sock)
        time.sleep(0.2)
        sock.sendall(f"GET /echo?q=next HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        second = _read_response(sock)
    # then the first is a clean 500 and the second is answered (the connection was not closed)
    assert first.startswith(b"HTTP/1.1 500") and b"RuntimeError" in first
    assert second.startswith(b"HTTP/1.1 200") and b'"next"' in second


def _read_response(sock: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")
    )
    while len(body) < length:
        body += sock.recv(65536)
    return head + b"\r\n\r\n" + body


@pytest.mark.parametrize(
    "query", ["current=999999999999999999999999999999", "size=-999999999999999999999999999999"]
)
def test_a_page_number_or_size_beyond_64_bits_is_a_400_too(server: str, query: str) -> None:
    response = httpx.get(f"{server}/list?{query}")
    assert response.status_code == 400
    assert "999999999999999999999999999999" in response.json()["msg"]
