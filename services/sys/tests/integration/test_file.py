"""Files: upload, download and what the storage refuses."""

from __future__ import annotations

import httpx


async def test_upload_then_download_under_the_original_name(admin: httpx.AsyncClient) -> None:
    answer = await admin.post(
        "/sys/file/webupload/upload",
        params={"uploadPath": "/vueEditor"},
        files={"file": ("报告.txt", b"hello loom", "text/plain")},
    )
    assert answer.status_code == 200
    body = answer.json()
    assert body["data"]["url"] == body["url"] and body["path"].startswith("vueEditor/")
    assert not body["path"].endswith("报告.txt")  # stored under a generated name
    source = body["path"]
    download = await admin.get("/sys/file/download2", params={"source": source, "action": "download"})
    assert download.content == b"hello loom"
    assert download.headers["content-disposition"] == "%E6%8A%A5%E5%91%8A.txt"
    url = (await admin.get("/sys/file/getUrl", params={"source": body["id"]})).json()
    assert url.startswith("/api/sys/file/download2?source=")


async def test_uploads_are_checked_for_type_size_and_folder(admin: httpx.AsyncClient) -> None:
    exe = await admin.post(
        "/sys/file/webupload/upload", files={"file": ("run.exe", b"MZ", "application/x-msdownload")}
    )
    assert (exe.status_code, exe.json()["msg"]) == (400, "不允许上传该类型的文件: exe")
    empty = await admin.post("/sys/file/webupload/upload", files={"file": ("a.txt", b"", "text/plain")})
    assert empty.json()["msg"] == "请选择要上传的文件"
    escape = await admin.post(
        "/sys/file/webupload/upload",
        params={"uploadPath": "../../etc"},
        files={"file": ("a.txt", b"x", "text/plain")},
    )
    assert (escape.status_code, escape.json()["msg"]) == (400, "非法的文件路径")


async def test_downloads_cannot_leave_the_storage(admin: httpx.AsyncClient) -> None:
    for source in ("../../etc/passwd", "/etc/passwd", "vueEditor/../../../etc/passwd"):
        answer = await admin.get("/sys/file/download2", params={"source": source})
        assert answer.status_code == 400, source
    missing = await admin.get("/sys/file/download2", params={"source": "common/2026/01/01/none.txt"})
    assert missing.status_code == 404


async def test_an_upload_that_is_not_a_picture_pdf_or_text_is_served_as_bytes_to_save(
    admin: httpx.AsyncClient,
) -> None:
    # given files declared as script, HTML and a picture
    async def served(name: str, content: bytes, declared: str, action: str = "view") -> httpx.Response:
        up = await admin.post("/sys/file/webupload/upload", files={"file": (name, content, declared)})
        assert up.status_code == 200, up.text
        return await admin.get("/sys/file/download2", params={"source": up.json()["path"], "action": action})

    script = await served("notes.txt", b"alert(localStorage.token)", "text/javascript")
    saved = await served("notes.txt", b"alert(localStorage.token)", "text/javascript", "download")
    page = await served("page.txt", b"<script>alert(1)</script>", "text/html")
    picture = await served("p.png", b"\x89PNG\r\n\x1a\n", "image/png")
    # then the script and the page are attachments of bytes in a sandbox; the picture is shown
    for answer in (script, page):
        assert answer.headers["content-type"] == "application/octet-stream"
        assert answer.headers["content-disposition"].startswith("attachment;")
        assert answer.headers["content-security-policy"].startswith("sandbox;")
        assert answer.headers["x-content-type-options"] == "nosniff"
    assert saved.headers["content-type"] == "application/octet-stream"
    assert picture.headers["content-type"] == "image/png"
    assert picture.headers["content-disposition"].startswith("inline;")
