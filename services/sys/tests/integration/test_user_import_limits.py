"""A user import is parsed off sys's event loop and within limits of bytes, rows, cells and seconds:
a 2.6 MB workbook no longer stalls every other request (it did for 54 s)."""

from __future__ import annotations

import asyncio
import io
import random
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from openpyxl import Workbook

from loom_sys.settings import SysSettings

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _workbook(rows: int, remarks: int = 0, seed: int = 33) -> bytes:
    """Users with random Chinese remarks (they hardly compress); the last row lacks its name, so the
    file is refused after every row was read and checked, and nothing is imported."""
    rnd = random.Random(seed)
    book = Workbook(write_only=True)
    sheet = book.create_sheet("用户数据")
    sheet.append(["登录名", "姓名", "密码", "备注"])
    for number in range(rows):
        text = "".join(chr(rnd.randrange(0x4E00, 0x9FA5)) for _ in range(remarks))
        sheet.append([f"bulk{number}", f"用户{number}", f"secret-pw-{number}", text])
    sheet.append(["bulk-last", "", "secret-pw-last", ""])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


async def _pieces(body: bytes) -> AsyncIterator[bytes]:
    """The body as the network brings it: 64 KiB at a time."""
    for start in range(0, len(body), 64 * 1024):
        await asyncio.sleep(0)  # a piece arrives: the loop runs other work in between
        yield body[start : start + 64 * 1024]


def _upload(content: bytes) -> tuple[bytes, str]:
    """The multipart body of the file and its content type, encoded before the clock starts: the
    test's client shares the service's loop, a browser does not."""
    upload = httpx.Request("POST", "/", files={"file": ("users.xlsx", content, XLSX)})
    return upload.read(), upload.headers["Content-Type"]


async def _import(
    client: httpx.AsyncClient, content: bytes | tuple[bytes, str], **headers: str
) -> dict[str, Any]:
    body, headers["Content-Type"] = content if isinstance(content, tuple) else _upload(content)
    answer = await client.post("/sys/user/import", content=_pieces(body), headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


@pytest.fixture
def limits(settings: SysSettings) -> Iterator[SysSettings]:
    """The import limits, put back after the test."""
    kept = settings.model_dump(
        include={"import_max_bytes", "import_max_rows", "import_max_cells", "import_max_seconds"}
    )
    yield settings
    for name, value in kept.items():
        setattr(settings, name, value)


async def _pinged_while(admin: httpx.AsyncClient, work: asyncio.Task[Any]) -> list[float]:
    """How long each of the requests to another page of sys took while ``work`` ran, slowest last."""
    took: list[float] = []
    while not work.done():
        started = time.perf_counter()
        answer = await admin.get("/sys/office/treeData")
        took.append(time.perf_counter() - started)
        assert answer.status_code == 200
    return sorted(took)


async def test_other_requests_answer_within_100_ms_while_a_2_6_mb_workbook_is_imported(
    admin: httpx.AsyncClient,
) -> None:
    # given a 2.6 MB workbook of 9,000 users
    content = _workbook(9000, remarks=96)
    assert 2_400_000 < len(content) < 2_800_000
    # (both routes answered once: FastAPI prepares a route at its first call, once a process)
    await admin.get("/sys/office/treeData")
    await _import(admin, b"not a workbook")
    # when it is imported, and meanwhile another page of sys is asked for again and again
    importing = asyncio.create_task(_import(admin, _upload(content)))
    took = await _pinged_while(admin, importing)
    result = await importing
    # then the import read and checked every row (refusing the file for its last one, importing nothing)
    assert result["success"] is False and "第9002行" in result["msg"], result["msg"][:300]
    # and the other requests kept answering in under 100 ms (before, the loop stood still for the
    # whole parse: 14 s for 1.3 MB). On a shared two-core machine the scheduler may still hold back
    # one request now and then, so 19 in 20 answer within 100 ms and none stalls.
    assert len(took) >= 20, took
    assert took[int(len(took) * 0.95)] < 0.1 and took[-1] < 0.5, took[-5:]
    print(f"{len(took)} requests during the import, slowest {took[-1] * 1000:.0f} ms")  # noqa: T201


async def test_other_requests_answer_while_imported_users_passwords_are_hashed(
    admin: httpx.AsyncClient,
) -> None:
    # given a workbook of 12 valid users (each password's argon2 hash costs about 0.2 s of CPU)
    book = Workbook(write_only=True)
    sheet = book.create_sheet("用户数据")
    sheet.append(["登录名", "姓名", "密码"])
    for number in range(12):
        sheet.append([f"hashed{number}", f"用户{number}", f"secret-pw-{number}"])
    out = io.BytesIO()
    book.save(out)
    await admin.get("/sys/office/treeData")
    await _import(admin, b"not a workbook")
    # when it is imported while another page of sys is asked for again and again
    importing = asyncio.create_task(_import(admin, _upload(out.getvalue())))
    took = await _pinged_while(admin, importing)
    # then every user was imported, and the other requests answered meanwhile (hashing is a worker
    # thread's: before, each hash held the event loop for its 0.2 s)
    assert (await importing)["success"] is True
    assert len(took) >= 20, took
    assert took[int(len(took) * 0.95)] < 0.1 and took[-1] < 0.5, took[-5:]


async def test_a_workbook_beyond_a_limit_is_refused_saying_which(
    admin: httpx.AsyncClient, limits: SysSettings
) -> None:
    content = _workbook(30, remarks=10)
    # rows
    limits.import_max_rows = 20
    assert (await _import(admin, content))["msg"] == "数据行数过多，一次最多导入20行，请拆分后再导入"
    english = await _import(admin, content, **{"Accept-Language": "en-US"})
    assert english["msg"] == "Too many rows: at most 20 per import; split the file"
    # cells
    limits.import_max_rows, limits.import_max_cells = 10_000, 50
    assert (await _import(admin, content))["msg"] == "单元格过多，一次最多50个，请拆分后再导入"
    # bytes
    limits.import_max_cells, limits.import_max_bytes = 500_000, 1024 * 1024
    big = _workbook(2200, remarks=200)
    assert len(big) > 1024 * 1024
    assert (await _import(admin, big))["msg"] == "文件过大，不能超过1 MB，请拆分后再导入"
    # seconds
    limits.import_max_bytes, limits.import_max_seconds = 10 * 1024 * 1024, 0.01
    assert (await _import(admin, content))["msg"] == "文件解析超过0.01秒，已停止，请拆分后再导入"
    # and not a workbook at all
    limits.import_max_seconds = 60
    assert (await _import(admin, b"not a workbook"))["msg"] == "导入文件格式不正确，请使用导入模板(.xlsx)"
