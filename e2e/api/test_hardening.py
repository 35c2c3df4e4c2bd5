"""What a careless client or an attacker notices through the gateway: clear 400s, no 502 after a
failure, users' files that never run as the portal, limits on every body."""

from __future__ import annotations

import httpx
import pytest


@pytest.mark.parametrize(
    "path",
    [
        "/api/sys/user/list?loginName=a%00b",
        "/api/gencode/validateType/list?label=%00",
        "/api/flowable/task/todo?title=%00",
    ],
)
def test_a_nul_character_is_a_400_in_every_service(admin: httpx.Client, path: str) -> None:
    answer = admin.get(path)
    assert (answer.status_code, answer.json()["msg"]) == (400, "参数不能包含空字符(\\0)")


def test_bad_requests_never_spoil_the_next_post(admin: httpx.Client) -> None:
    # given a run of requests that fail, each followed by an ordinary save on the same client
    for round_ in range(20):
        bad = admin.post(
            "/api/sys/user/save", json={"loginName": "x", "name": "x", "companyDTO": {"id": "nope"}}
        )
        assert bad.status_code == 400
        assert admin.get("/api/sys/user/list", params={"current": "100000000000000000"}).status_code == 400
        # then the next POST is answered by the service, never 502 from a dead connection
        ok = admin.post("/api/sys/dict/save", json={"type": f"hard_{round_}_x", "description": "硬化"})
        assert ok.status_code in (200, 409), ok.text


def test_a_users_svg_is_served_as_an_attachment_in_a_sandbox(admin: httpx.Client) -> None:
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(localStorage.token)</script></svg>'
    uploaded = admin.post(
        "/api/sys/file/webupload/upload", files={"file": ("x.svg", svg, "image/svg+xml")}
    ).json()
    shown = admin.get(uploaded["url"])
    assert shown.headers["content-disposition"].startswith("attachment;")
    assert shown.headers["x-content-type-options"] == "nosniff"
    assert shown.headers["content-security-policy"].startswith("sandbox;")


def test_the_portal_answers_with_its_own_content_security_policy(portal: httpx.Client) -> None:
    policy = portal.get("/").headers["content-security-policy"]
    assert (
        "default-src 'self'" in policy
        and "object-src 'none'" in policy
        and "frame-ancestors 'none'" in policy
    )
    script_src = next(d.strip() for d in policy.split(";") if d.strip().startswith("script-src"))
    assert script_src == "script-src 'self'"  # no inline script, no eval


def test_a_download_link_in_a_new_tab_works_once_for_its_file_and_never_with_a_token_in_the_url(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given two uploaded files and a ticket for the first
    def upload(name: str) -> str:
        answer = admin.post(
            "/api/sys/file/webupload/upload", files={"file": (name, b"data " + name.encode(), "text/plain")}
        )
        return str(answer.json()["path"])

    first, second = upload("one.txt"), upload("two.txt")
    ticket = admin.post("/api/sys/file/downloadTicket", json={"source": first}).json()
    # when the ticket is used without a token, for another file, and twice
    other = portal.get("/api/sys/file/download2", params={"source": second, "ticket": ticket["ticket"]})
    ticket = admin.post("/api/sys/file/downloadTicket", json={"source": first}).json()
    opened = portal.get(ticket["url"])
    again = portal.get(ticket["url"])
    # then only the first use, for its own file, opens it
    assert other.status_code == 401
    assert (opened.status_code, opened.content) == (200, b"data one.txt")
    assert opened.headers["content-security-policy"].startswith("sandbox;")
    assert (again.status_code, again.json()["msg"]) == (401, "下载链接已失效，请重新下载")
    # and an access token in the query string opens nothing
    token = admin.headers["Authorization"].removeprefix("Bearer ")
    assert portal.get("/api/sys/file/download2", params={"source": first, "token": token}).status_code == 401


@pytest.mark.parametrize("method", ["DELETE", "GET"])
def test_a_huge_body_on_delete_or_get_is_refused_at_the_gateway(admin: httpx.Client, method: str) -> None:
    answer = admin.request(
        method, "/api/sys/post/list", content=b"a" * 9_000_000, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 413


def test_a_text_body_beyond_two_megabytes_is_refused_by_the_service(admin: httpx.Client) -> None:
    answer = admin.post("/api/gencode/templateGroup/save", json={"name": "big", "remarks": "x" * 3_000_000})
    assert answer.status_code == 413
    assert "2097152" in answer.json()["msg"]
