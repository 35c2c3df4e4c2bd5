"""A template group that loops over strings is stopped at the render budget, and one user's heavy
renders never hold up another user's preview (issue 20, item 3), through the gateway."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from pydantic.alias_generators import to_camel

from loom_gencode.table.defaults import STANDARD_COLUMNS, base_columns_for, column_defaults

# 144 million loop steps over a string: 15.5 s against a 5 s budget before every step counted
HEAVY = (
    '{% set output_path = "back/x.txt" %}'
    "{% set s = 'x' * 12000 %}{% for a in s %}{% for b in s %}{% endfor %}{% endfor %}"
)


def _column(name: str, jdbc_type: str, comments: str) -> dict[str, Any]:
    return {to_camel(k): v for k, v in column_defaults(name, jdbc_type, comments=comments).items()}


def _scheme(table_id: str, group: str) -> dict[str, Any]:
    return {
        "table": {"id": table_id},
        "projectPath": "backend",
        "frontProjectPath": "frontend",
        "category": group,
        "packageName": "app",
        "moduleName": "budget",
        "functionName": "预算",
        "functionNameSimple": "预算",
        "functionAuthor": "e2e",
    }


@pytest.fixture(scope="module")
def table_id(admin: httpx.Client) -> str:
    name = f"e2e_budget_{uuid.uuid4().hex[:6]}"
    columns = [_column(c, STANDARD_COLUMNS[c][0], STANDARD_COLUMNS[c][1]) for c in base_columns_for("0")]
    design = {
        "name": name,
        "comments": "预算",
        "dataSource": {"id": "master"},
        "idType": "1",
        "tableType": "0",
        "className": "Budget",
        "columnList": [*columns, _column("title", "varchar(100)", "标题")],
    }
    assert admin.post("/api/gencode/table/save", json=design).status_code == 200
    found = admin.get("/api/gencode/table/list", params={"nameLike": name}).json()["result"]["records"][0][
        "id"
    ]
    assert admin.post("/api/gencode/table/synchDb", data={"id": found, "isForce": "1"}).status_code == 200
    return str(found)


@pytest.fixture(scope="module")
def heavy_group(admin: httpx.Client) -> str:
    name = f"heavy-{uuid.uuid4().hex[:6]}"
    body = {
        "name": name,
        "type": "1",
        "sort": 10,
        "templateObjDTOList": [{"name": "loops", "sort": 10, "isChild": "0", "contents": HEAVY}],
    }
    assert admin.post("/api/gencode/templateGroup/save", json=body).status_code == 200
    groups = admin.get("/api/gencode/templateGroup/list").json()
    return str(next(g["id"] for g in groups if g["name"] == name))


@pytest.fixture(scope="module")
def generator(admin: httpx.Client, portal: httpx.Client) -> Iterator[httpx.Client]:
    """Another user who may generate code (and nothing else)."""
    tag = uuid.uuid4().hex[:6]
    role = {"name": f"生成{tag}", "enName": f"gen{tag}", "menuIdList": ["m-gen-table-genCode"]}
    assert admin.post("/api/sys/role/save", json=role).status_code == 200
    roles = admin.get("/api/sys/role/list", params={"name": role["name"]}).json()["records"]
    login = f"gen-{tag}"
    user = {"loginName": login, "name": login, "password": "e2e-secret", "roleIdList": [roles[0]["id"]]}
    assert admin.post("/api/sys/user/save", json=user).status_code == 200
    token = portal.post("/api/sys/login", json={"username": login, "password": "e2e-secret"}).json()["token"]
    with httpx.Client(
        base_url=portal.base_url, timeout=60, headers={"Authorization": f"Bearer {token}"}
    ) as c:
        yield c


def test_heavy_renders_stop_at_the_budget_and_leave_other_users_their_preview(
    admin: httpx.Client, generator: httpx.Client, table_id: str, heavy_group: str
) -> None:
    heavy = httpx.Client(base_url=admin.base_url, timeout=60, headers=admin.headers)
    system = next(g["id"] for g in admin.get("/api/gencode/templateGroup/list").json() if g["name"])

    def preview(client: httpx.Client, group: str) -> tuple[httpx.Response, float]:
        answer = client.post("/api/gencode/table/previewCode", json=_scheme(table_id, group))
        return answer, time.monotonic()

    # given the administrator's two heavy previews running
    started = time.monotonic()
    with ThreadPoolExecutor(3) as pool:
        heavies = [pool.submit(preview, heavy, heavy_group) for _ in range(2)]
        time.sleep(0.5)
        # when another user previews the system group meanwhile
        other, other_done = preview(generator, system)
        results = [f.result() for f in heavies]
    # then the other user's preview is answered before either heavy render ends
    assert other.status_code == 200, other.text
    assert other_done < min(done for _, done in results)
    # and each heavy render is stopped at the 5 s budget with a 400 naming the group's template
    for answer, _done in results:
        assert answer.status_code == 400, answer.text
        assert answer.json()["msg"] == "模板[loops]渲染失败: rendering took longer than 5 s"
    # (one after the other: a user holds one render slot; each ends soon after its 5 s)
    assert max(done for _, done in results) - started < 2 * 5 + 10
    heavy.close()
