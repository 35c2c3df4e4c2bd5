"""Every sys route the real JeePlus client calls reaches a handler through the gateway: none answers
'404 路径找不到', 405 or a server error. The list is every ``/sys/...`` call in the client's
``jp-ui/src`` (its API services, views and the file-manager widget's endpoints), with the method
it uses. The caller is a signed-in user holding no right, signing as the client does (``token``
header), so the writes are refused (403) or checked (400) and nothing changes."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import httpx
import pytest

from .conftest import PORTAL
from .test_forms import _ok

CALLS = [
    ("GET", "/sys/getCode"),
    ("POST", "/sys/login"),
    ("GET", "/sys/casLogin?ticket=&service="),
    ("GET", "/sys/refreshToken?refreshToken=none"),
    ("GET", "/sys/user/getMenus"),
    ("GET", "/sys/user/info"),
    ("POST", "/sys/user/savePwd"),
    ("GET", "/sys/user/list?current=1&size=10"),
    ("GET", "/sys/user/queryById?id=none"),
    ("POST", "/sys/user/save"),
    ("DELETE", "/sys/user/delete?ids=none"),
    ("GET", "/sys/user/export"),
    ("POST", "/sys/user/import"),
    ("GET", "/sys/user/import/template"),
    ("POST", "/sys/user/imageUpload"),
    ("POST", "/sys/user/saveInfo"),
    ("GET", "/sys/office/treeData"),
    ("GET", "/sys/office/queryById?id=none"),
    ("POST", "/sys/office/save"),
    ("DELETE", "/sys/office/delete?ids=none"),
    ("GET", "/sys/area/treeData"),
    ("GET", "/sys/area/queryById?id=none"),
    ("POST", "/sys/area/save"),
    ("DELETE", "/sys/area/delete?ids=none"),
    ("GET", "/sys/menu/treeData"),
    ("GET", "/sys/menu/queryById?id=none"),
    ("POST", "/sys/menu/save"),
    ("DELETE", "/sys/menu/delete?ids=none"),
    ("GET", "/sys/role/list?current=1&size=10"),
    ("GET", "/sys/role/queryById?id=none"),
    ("POST", "/sys/role/save"),
    ("DELETE", "/sys/role/delete?ids=none"),
    ("GET", "/sys/role/assign?roleId=none&current=1&size=10"),
    ("PUT", "/sys/role/addUserToRole?roleId=none&userIds=none"),
    ("DELETE", "/sys/role/removeUserFromRole?roleId=none&userId=none"),
    ("GET", "/sys/role/validateNotExist?name=x"),
    ("GET", "/sys/post/list?current=1&size=10"),
    ("GET", "/sys/post/queryById?id=none"),
    ("POST", "/sys/post/save"),
    ("DELETE", "/sys/post/delete?ids=none"),
    ("GET", "/sys/dict/type/list?current=1&size=10"),
    ("GET", "/sys/dict/queryById?id=none"),
    ("POST", "/sys/dict/save"),
    ("DELETE", "/sys/dict/delete?ids=none"),
    ("GET", "/sys/dict/getDictValue?dictTypeId=none"),
    ("GET", "/sys/dict/queryDictValue?dictValueId=none"),
    ("POST", "/sys/dict/saveDictValue"),
    ("DELETE", "/sys/dict/deleteDictValue?ids=none"),
    ("GET", "/sys/dict/getDictMap"),
    ("GET", "/sys/dataRule/list?menuId=none"),
    ("GET", "/sys/dataRule/queryById?id=none"),
    ("POST", "/sys/dataRule/save"),
    ("DELETE", "/sys/dataRule/delete?ids=none"),
    ("GET", "/sys/dataRule/treeData"),
    ("GET", "/sys/log/list?current=1&size=10"),
    ("GET", "/sys/log/data/mine?current=1&size=10"),
    ("DELETE", "/sys/log/delete?ids=none"),
    ("DELETE", "/sys/log/empty"),
    ("GET", "/sys/file/list?path=mine"),
    ("POST", "/sys/file/upload"),
    ("GET", "/sys/file/download?source=mine/none"),
    ("POST", "/sys/file/copy"),
    ("POST", "/sys/file/move"),
    ("POST", "/sys/file/rename"),
    ("POST", "/sys/file/remove"),
    ("POST", "/sys/file/createFolder"),
    ("GET", "/sys/file/getUrl?id=none"),
    ("POST", "/sys/file/webupload/upload?uploadPath=photo"),
    ("DELETE", "/sys/file/webupload/deleteByUrl?url=none"),
    ("GET", "/sys/sysConfig/getConfig"),
    ("GET", "/sys/sysConfig/queryById"),
    ("POST", "/sys/sysConfig/save"),
    ("GET", "/sys/plugin/list"),
    ("GET", "/sys/logout"),  # last: it ends the caller's session
]


@pytest.fixture(scope="module")
def nobody(admin: httpx.Client, portal: httpx.Client) -> Iterator[httpx.Client]:
    """A signed-in user without any right, signing as the client does (``token`` header)."""
    name = f"walk_{uuid.uuid4().hex[:8]}"
    password = "e2e-walk-secret"
    body = {"loginName": name, "name": name, "password": password, "companyDTO": {"id": "1"}}
    _ok(admin.post("/api/sys/user/save", json=body))
    token = _ok(portal.post("/api/sys/login", json={"username": name, "password": password}))["token"]
    with httpx.Client(base_url=PORTAL, timeout=30, headers={"token": token}) as client:
        yield client


def test_every_sys_call_of_the_client_reaches_a_handler(nobody: httpx.Client) -> None:
    # given the client's calls, each once
    assert len({(m, p.split("?")[0]) for m, p in CALLS}) == len(CALLS)
    unreached = []
    # when each is sent as the client sends it
    for method, path in CALLS:
        answer = nobody.request(method, f"/api{path}", json={} if method in ("POST", "PUT") else None)
        # then a handler answered: whatever it says, it is not the gateway's or the router's 404
        if answer.status_code == 405 or "路径找不到" in answer.text or answer.status_code >= 500:
            unreached.append(f"{method} {path}: {answer.status_code} {answer.text[:120]}")
    assert not unreached, f"{len(CALLS) - len(unreached)} of {len(CALLS)} reach a handler: {unreached}"
