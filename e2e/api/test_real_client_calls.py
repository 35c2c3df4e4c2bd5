"""Every call of the real JeePlus client that issue 25 added reaches a handler through the gateway:
none answers the gateway's '404 路径找不到' or 405, whatever the handler then says about the
placeholder ids and empty bodies sent here (nothing is changed by them)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from .test_real_client_flowable import jeeplus_client

CALLS = [
    ("GET", "/database/table/list?dataSourceId=master&current=1&size=10"),
    ("GET", "/database/table/create?dataSourceId=master"),
    ("POST", "/database/table/create/do"),
    ("GET", "/database/table/alter?dataSourceId=master&name=no_such_table"),
    ("POST", "/database/table/alter/do"),
    ("DELETE", "/database/table/drop?tableName=no_such_table&dataSourceId=master"),
    ("GET", "/database/table/executeSql/no_such_table?dataSourceId=master"),
    ("GET", "/database/datamodel/dataSet/list?current=1&size=10"),
    ("GET", "/database/datamodel/dataSet/queryById?id=none"),
    ("POST", "/database/datamodel/dataSet/save"),
    ("DELETE", "/database/datamodel/dataSet/delete?ids=none"),
    ("GET", "/database/datamodel/dataSet/getMeta?db=master&sql=select%201&field[]=&defaultValue[]="),
    ("GET", "/database/datamodel/dataSet/exec?db=master&sql=select%201"),
    ("GET", "/database/datamodel/dataMeta/queryNeedByDataSetId?dataSetId=none"),
    ("GET", "/database/datamodel/dataSet/getData/none/json"),
    ("GET", "/database/datamodel/dataSet/getData/none/xml"),
    ("GET", "/database/datamodel/dataSet/getData/none/html"),
    ("GET", "/flowable/form/getStartFormData?processDefinitionId=none"),
    ("POST", "/flowable/form/submitStartFormData"),
    ("GET", "/flowable/form/getTaskFormData?taskId=none"),
    ("POST", "/flowable/form/submitTaskFormData"),
    ("GET", "/flowable/form/getHistoryTaskFormData?processInstanceId=none&procDefId=none&taskDefKey="),
    ("POST", "/app/rest/import-process-model"),
    ("GET", "/app/rest/models/none/bpmn20?version=1617092632878"),
    ("GET", "/flowable/process/resource/read?procDefId=none&resType=xml"),
    ("GET", "/flowable/process/resource/read?procDefId=none&resType=image"),
    ("GET", "/flowable/task/trace/photo/none"),
    ("POST", "/form/generate/export"),
    ("POST", "/form/generate/import/template"),
]


@pytest.fixture(scope="module")
def client(portal: httpx.Client) -> Iterator[httpx.Client]:
    yield from jeeplus_client(portal)


def test_every_call_of_the_client_reaches_a_handler(client: httpx.Client) -> None:
    unreached = []
    for method, path in CALLS:
        answer = client.request(method, f"/api{path}", json={} if method == "POST" else None)
        body = answer.text
        if answer.status_code == 405 or "路径找不到" in body or answer.status_code >= 500:
            unreached.append(f"{method} {path}: {answer.status_code} {body[:120]}")
    assert not unreached, unreached
