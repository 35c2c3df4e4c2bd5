"""One-time download tickets: a file opened where no header can be sent (a new tab, another
program) without the access token ever being part of a URL."""

from __future__ import annotations

import httpx
from fastapi import FastAPI
from sqlalchemy import text

from loom_platform import db


async def _upload(client: httpx.AsyncClient, name: str, content: bytes) -> str:
    answer = await client.post("/sys/file/webupload/upload", files={"file": (name, content, "text/plain")})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["path"])


async def _ticket_url(client: httpx.AsyncClient, source: str) -> str:
    answer = await client.post("/sys/file/downloadTicket", json={"source": source})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["expiresIn"] == 60 and body["ticket"] in body["url"]
    return str(body["url"]).removeprefix("/api")


async def test_a_ticket_opens_its_file_once_without_a_token(
    admin: httpx.AsyncClient, anonymous: httpx.AsyncClient
) -> None:
    # given a ticket for an uploaded file
    source = await _upload(admin, "a.txt", b"ticket content")
    url = await _ticket_url(admin, source)
    # when it is used without any token, twice
    first = await anonymous.get(url)
    second = await anonymous.get(url)
    # then the file comes once, and the second use is refused
    assert (first.status_code, first.content) == (200, b"ticket content")
    assert second.status_code == 401
    assert second.json()["msg"] == "下载链接已失效，请重新下载"


async def test_a_ticket_for_one_file_does_not_open_another(
    admin: httpx.AsyncClient, anonymous: httpx.AsyncClient
) -> None:
    mine = await _upload(admin, "mine.txt", b"mine")
    other = await _upload(admin, "other.txt", b"other")
    url = await _ticket_url(admin, mine)
    ticket = httpx.URL(url).params["ticket"]
    answer = await anonymous.get("/sys/file/download2", params={"source": other, "ticket": ticket})
    assert answer.status_code == 401
    # and the ticket is spent by the attempt: it no longer opens its own file either
    assert (await anonymous.get(url)).status_code == 401


async def test_an_expired_ticket_is_refused(
    app: FastAPI, admin: httpx.AsyncClient, anonymous: httpx.AsyncClient
) -> None:
    source = await _upload(admin, "late.txt", b"late")
    url = await _ticket_url(admin, source)
    async with db.session_factory(app.state.engine)() as session:
        await session.execute(text("UPDATE sys_file_ticket SET expires_at = now() - interval '1 second'"))
        await session.commit()
    answer = await anonymous.get(url, headers={"Accept-Language": "en-US"})
    assert (answer.status_code, answer.json()["msg"]) == (
        401,
        "The download link has expired or was already used: download again",
    )


async def test_a_ticket_is_only_given_for_a_file_the_caller_may_read(
    admin: httpx.AsyncClient, make_user: object, client_for: object
) -> None:
    # given a file that admin uploaded, addressed by its database id
    answer = await admin.post("/sys/file/webupload/upload", files={"file": ("id.txt", b"x", "text/plain")})
    file_id = answer.json()["id"]
    await make_user("reader")  # type: ignore[operator]
    reader: httpx.AsyncClient = await client_for("reader")  # type: ignore[operator]
    # then another user gets no ticket by id (only the uploader finds a file by its id)
    refused = await reader.post("/sys/file/downloadTicket", json={"source": file_id})
    assert refused.status_code == 404
    assert (await reader.post("/sys/file/downloadTicket", json={"source": ""})).status_code == 400


async def test_an_access_token_in_the_query_string_is_not_accepted(
    admin: httpx.AsyncClient, anonymous: httpx.AsyncClient
) -> None:
    source = await _upload(admin, "q.txt", b"q")
    token = admin.headers["Authorization"].removeprefix("Bearer ")
    by_query = await anonymous.get("/sys/file/download2", params={"source": source, "token": token})
    assert by_query.status_code == 401
    info = await anonymous.get("/sys/user/info", params={"token": token})
    assert info.status_code == 401
    # the cookie still shows a picture (<img src>), but is not accepted for a write
    anonymous.cookies.set("token", token)
    assert (await anonymous.get("/sys/file/download2", params={"source": source})).status_code == 200
    write = await anonymous.post("/sys/file/downloadTicket", json={"source": source})
    assert write.status_code == 401
