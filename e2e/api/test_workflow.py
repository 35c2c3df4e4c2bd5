"""The workflow area through the gateway, with the real sys behind it.

An administrator builds an organisation in sys (a company, two departments, roles, users), designs
a leave process with the designer's calls (``/app/rest/models`` + form-encoded ``saveModel``),
configures its reviewers and deploys it. Then each reviewer logs in with their own token and works
their to-do list: the exclusive gateway on ``days``, reviewers by the initiator's department and by
role (resolved by sys), a countersign at 60 %, add-sign, sending back after a parallel join,
transfer, delegate, revoke, stop, and a timer boundary event fired by the platform's own scheduler
and worker. The flow chart and the history must show exactly what happened.

Every run makes its own organisation and process key, so the tests can run against a platform
whose state outlives the run.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

PORTAL = os.environ.get("LOOM_PORTAL_URL", "http://127.0.0.1:8080")
RUN = uuid.uuid4().hex[:6]
PASSWORD = "e2e-workflow-secret"

# ---------------------------------------------------------------------------------------------
# The leave process
# ---------------------------------------------------------------------------------------------

KEY = f"leave_{RUN}"
NAME = "请假流程"


def _flow(fid: str, source: str, target: str, condition: str | None = None) -> str:
    if condition is None:
        return f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}"/>'
    return (
        f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}">'
        f'<conditionExpression xsi:type="tFormalExpression"><![CDATA[{condition}]]></conditionExpression>'
        "</sequenceFlow>"
    )


# start -> 部门审批 (the initiator's department) -> 天数判断
#   days <= 3 -> 结束
#   days > 3  -> 人事审批 (role hr; a timer of ${hrTimeout} escalates it to 人事经理审批, role boss)
#             -> fork -> 会计审核 (a user) | 出纳审核 (a user) -> join -> 董事会签 (role board, 60 %) -> 审批通过
LEAVE_XML = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/e2e">'
    f'<process id="{KEY}" name="{NAME}" isExecutable="true">'
    '<startEvent id="start" name="开始" flowable:initiator="applyUserId"/>'
    '<userTask id="dept" name="部门审批"/>'
    '<exclusiveGateway id="gw" name="天数判断"/>'
    '<endEvent id="end" name="结束"/>'
    '<userTask id="hr" name="人事审批"/>'
    '<boundaryEvent id="hr_timeout" name="人事超时" attachedToRef="hr" cancelActivity="true">'
    "<timerEventDefinition><timeDuration>${hrTimeout}</timeDuration></timerEventDefinition>"
    "</boundaryEvent>"
    '<userTask id="hr_boss" name="人事经理审批"/>'
    '<endEvent id="end_escalated" name="升级结束"/>'
    '<parallelGateway id="fork"/>'
    '<userTask id="acc" name="会计审核"/>'
    '<userTask id="cash" name="出纳审核"/>'
    '<parallelGateway id="join"/>'
    '<userTask id="board" name="董事会签" flowable:assignee="${assignee}">'
    '<multiInstanceLoopCharacteristics isSequential="false" '
    'flowable:collection="${multiInstanceHandler.getList(execution)}" flowable:elementVariable="assignee">'
    "<completionCondition>${nrOfCompletedInstances/nrOfInstances >= 0.6}</completionCondition>"
    "</multiInstanceLoopCharacteristics></userTask>"
    '<endEvent id="end_approved" name="审批通过"/>'
    + _flow("f_start", "start", "dept")
    + _flow("f_dept", "dept", "gw")
    + _flow("f_short", "gw", "end", "${days <= 3}")
    + _flow("f_long", "gw", "hr", "${days > 3}")
    + _flow("f_hr", "hr", "fork")
    + _flow("f_timeout", "hr_timeout", "hr_boss")
    + _flow("f_boss", "hr_boss", "end_escalated")
    + _flow("f_acc", "fork", "acc")
    + _flow("f_cash", "fork", "cash")
    + _flow("f_acc_done", "acc", "join")
    + _flow("f_cash_done", "cash", "join")
    + _flow("f_join", "join", "board")
    + _flow("f_board", "board", "end_approved")
    + "</process></definitions>"
)

# ---------------------------------------------------------------------------------------------
# People: who they are in sys and a client logged in as them
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    id: str
    name: str
    client: httpx.Client


@dataclass(frozen=True)
class Org:
    """The organisation of one run, by nickname."""

    people: dict[str, Person]
    roles: dict[str, str]
    department: str  # the initiator's department

    def __getitem__(self, nickname: str) -> Person:
        return self.people[nickname]


# nickname -> (name, department, roles)
STAFF: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "alice": ("爱丽丝", "研发部", ()),
    "bob": ("鲍勃", "研发部", ()),
    "frank": ("弗兰克", "研发部", ()),
    "mallory": ("玛洛莉", "市场部", ()),
    "carol": ("卡罗尔", "市场部", ("hr",)),
    "dave": ("戴夫", "市场部", ("hr",)),
    "kate": ("凯特", "市场部", ()),
    "leo": ("利奥", "市场部", ()),
    "erin": ("艾琳", "市场部", ("board",)),
    "grace": ("格蕾丝", "市场部", ("board",)),
    "heidi": ("海蒂", "市场部", ("board",)),
    "ivan": ("伊万", "市场部", ("board",)),
    "judy": ("朱迪", "市场部", ("board",)),
    "oscar": ("奥斯卡", "市场部", ()),
    "peggy": ("佩吉", "市场部", ("boss",)),
}
ROLE_NAMES = {"hr": "人事", "board": "董事会", "boss": "人事经理"}


def _ok(answer: httpx.Response) -> Any:
    assert answer.status_code == 200, f"{answer.request.method} {answer.request.url}: {answer.text}"
    return answer.json()


def _find_office(nodes: list[dict[str, Any]], name: str) -> str | None:
    for node in nodes:
        if node["name"] == name:
            return str(node["id"])
        found = _find_office(node.get("children") or [], name)
        if found:
            return found
    return None


def _office(admin: httpx.Client, name: str, kind: str, parent: str = "0") -> str:
    _ok(admin.post("/api/sys/office/save", json={"name": name, "type": kind, "parentId": parent}))
    found = _find_office(_ok(admin.get("/api/sys/office/treeData", params={"showAll": "1"})), name)
    assert found, name
    return found


def _role(admin: httpx.Client, nickname: str) -> str:
    en_name = f"e2e_{nickname}_{RUN}"
    _ok(admin.post("/api/sys/role/save", json={"name": f"{ROLE_NAMES[nickname]}{RUN}", "enName": en_name}))
    return str(_ok(admin.get("/api/sys/role/list", params={"enName": en_name}))["records"][0]["id"])


def _login(portal: httpx.Client, login_name: str) -> httpx.Client:
    token = _ok(portal.post("/api/sys/login", json={"username": login_name, "password": PASSWORD}))["token"]
    return httpx.Client(base_url=PORTAL, timeout=10, headers={"Authorization": f"Bearer {token}"})


def _user(
    admin: httpx.Client, portal: httpx.Client, nickname: str, company: str, office: str, roles: list[str]
) -> Person:
    login_name = f"e2e-{RUN}-{nickname}"
    name = STAFF[nickname][0]
    _ok(
        admin.post(
            "/api/sys/user/save",
            json={
                "loginName": login_name,
                "name": name,
                "password": PASSWORD,
                "companyDTO": {"id": company},
                "officeDTO": {"id": office},
                "roleIdList": roles,
            },
        )
    )
    user_id = _ok(admin.get("/api/sys/user/list", params={"loginName": login_name}))["records"][0]["id"]
    return Person(id=str(user_id), name=name, client=_login(portal, login_name))


# ---------------------------------------------------------------------------------------------
# Workflow calls as the screens make them
# ---------------------------------------------------------------------------------------------


def _rules(node: str, rules: list[tuple[str, str]]) -> dict[str, Any]:
    return {
        "processDefId": KEY,
        "taskDefId": node,
        "flowAssigneeList": [
            {"type": t, "value": v, "condition": "0", "operationType": "0", "sort": (i + 1) * 10}
            for i, (t, v) in enumerate(rules)
        ],
        "flowButtonList": [{"code": "_flow_agree", "name": "同意", "sort": 10, "isHide": "0", "next": "0"}],
        "flowConditionList": [],
    }


def _deploy(admin: httpx.Client, org: Org) -> None:
    """Designs, configures and deploys the leave process as the designer does."""
    model_id = _ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": KEY, "name": NAME}))["id"]
    editor = _ok(admin.get(f"/api/app/rest/models/{model_id}/editor/json"))
    _ok(
        admin.post(
            f"/api/flowable/model/saveModel/{model_id}",
            data={
                "modeltype": "model",
                "json_xml": LEAVE_XML,
                "name": NAME,
                "key": KEY,
                "description": "端到端",
                "newversion": "false",
                "comment": "",
                "lastUpdated": editor["lastUpdated"],
            },
        )
    )
    extensions = [
        _rules("dept", [("depart", "${applyUserOfficeId}")]),
        _rules("hr", [("role", org.roles["hr"])]),
        _rules("hr_boss", [("role", org.roles["boss"])]),
        _rules("acc", [("user", org["kate"].id)]),
        _rules("cash", [("user", org["leo"].id)]),
        _rules("board", [("role", org.roles["board"])]),
    ]
    _ok(admin.post("/api/extension/taskDefExtension/save", json=extensions))
    _ok(admin.put("/api/flowable/model/deploy", params={"id": model_id, "category": "办公"}))


def start(person: Person, title: str, days: int, hr_timeout: str = "P1D") -> str:
    """Starts a leave request as ``person``; returns the instance id."""
    return str(
        _ok(
            person.client.post(
                "/api/flowable/task/start",
                params={
                    "procDefKey": KEY,
                    "title": title,
                    "businessTable": "oa_leave",
                    "businessId": f"{RUN}-{title}",
                    "days": str(days),
                    "hrTimeout": hr_timeout,
                },
            )
        )
    )


def todo(person: Person, pid: str) -> list[dict[str, Any]]:
    """``person``'s open tasks of one instance, as their to-do list shows them."""
    page = _ok(person.client.get("/api/flowable/task/todo", params={"current": 1, "size": 100}))
    return [r for r in page["records"] if r["task"]["processInstanceId"] == pid]


def task_of(person: Person, pid: str, name: str) -> dict[str, Any]:
    rows = [r for r in todo(person, pid) if r["task"]["name"] == name]
    assert len(rows) == 1, f"{person.name} should have one {name} task in {pid}: {rows}"
    return rows[0]


def audit(person: Person, task_id: str, message: str = "同意") -> httpx.Response:
    return person.client.post(
        "/api/flowable/task/audit",
        data={
            "taskId": task_id,
            "vars": "{}",
            "comment": json.dumps({"message": message, "type": "_flow_agree", "status": "同意"}),
        },
    )


def approve(person: Person, pid: str, name: str) -> None:
    assert _ok(audit(person, task_of(person, pid, name)["task"]["id"])) == "提交成功"


def _done(person: Person) -> list[dict[str, Any]]:
    """``person``'s completed tasks (已办)."""
    return list(_ok(person.client.get("/api/flowable/task/historic", params={"size": 100}))["records"])


def chart(client: httpx.Client, pid: str) -> tuple[list[str], list[str]]:
    """The flow chart's visited nodes (current ones last) and taken flows."""
    answer = _ok(client.get("/api/flowable/task/getFlowChart", params={"processInstanceId": pid}))
    return answer["activityIds"], answer["flows"]


def steps(client: httpx.Client, pid: str) -> list[tuple[str, str, str]]:
    """The history screen: (node, handler, status) per step."""
    answer = _ok(client.get("/api/flowable/task/historicTaskList", params={"procInsId": pid}))
    return [(s["histIns"]["activityId"], s["assigneeName"], s["comment"]["status"]) for s in answer]


def status_of(client: httpx.Client, pid: str) -> str:
    return str(
        _ok(client.get("/api/flowable/process/queryProcessStatus", params={"procInsId": pid}))["status"]
    )


def through_parallel_block(org: Org, pid: str) -> None:
    """Department, HR, accounting and cashier approve a long leave: it reaches the board."""
    approve(org["bob"], pid, "部门审批")
    approve(org["carol"], pid, "人事审批")
    approve(org["kate"], pid, "会计审核")
    approve(org["leo"], pid, "出纳审核")


BOARD = ["erin", "grace", "heidi", "ivan", "judy"]

# ---------------------------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def org(admin: httpx.Client, portal: httpx.Client) -> Iterator[Org]:
    """A company with 研发部 and 市场部, the hr/board/boss roles, the staff, and the leave process."""
    company = _office(admin, f"端到端公司{RUN}", "1")
    departments = {name: _office(admin, f"{name}{RUN}", "2", company) for name in ("研发部", "市场部")}
    roles = {nickname: _role(admin, nickname) for nickname in ROLE_NAMES}
    people = {
        nickname: _user(
            admin, portal, nickname, company, departments[dept], [roles[r] for r in role_nicknames]
        )
        for nickname, (_, dept, role_nicknames) in STAFF.items()
    }
    result = Org(people=people, roles=roles, department=departments["研发部"])
    _deploy(admin, result)
    yield result
    for person in people.values():
        person.client.close()


# ---------------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------------


@pytest.mark.usefixtures("org")
def test_the_deployed_leave_process_is_listed_with_its_diagram(admin: httpx.Client) -> None:
    # given the process deployed by the fixture
    # when the process list is read
    listed = _ok(admin.get("/api/flowable/process/list", params={"name": KEY}))["records"]
    # then it is version 1 of its key, and its chart is the designed XML with nothing visited
    definition = next(d for d in listed if d["key"] == KEY)
    assert definition["version"] == 1 and definition["name"] == NAME
    diagram = _ok(admin.get("/api/flowable/process/getFlowChart", params={"processDefId": definition["id"]}))
    assert f'id="{KEY}"' in diagram["bpmnXml"] and diagram["activityIds"] == []


def test_a_short_leave_goes_to_the_initiators_department_and_ends(org: Org) -> None:
    # given alice of 研发部 asks for 2 days
    pid = start(org["alice"], "短假", days=2)
    # then her department colleagues are offered the task, another department is not
    offered = task_of(org["bob"], pid, "部门审批")
    assert offered["status"] == "claim"
    assert task_of(org["frank"], pid, "部门审批")["status"] == "claim"
    assert todo(org["mallory"], pid) == []
    assert chart(org["alice"].client, pid) == (["start", "dept"], ["f_start"])
    # when bob approves
    approve(org["bob"], pid, "部门审批")
    # then the gateway takes the short branch and the instance ends
    assert todo(org["frank"], pid) == []
    assert chart(org["alice"].client, pid) == (
        ["start", "dept", "gw", "end"],
        ["f_start", "f_dept", "f_short"],
    )
    assert steps(org["bob"].client, pid) == [
        ("start", "爱丽丝", "启动流程"),
        ("dept", "鲍勃", "同意"),
        ("end", "", "结束流程"),
    ]
    done = _done(org["bob"])
    assert [(r["name"], r["status"]) for r in done if r["processInstanceId"] == pid] == [("部门审批", "同意")]
    assert not [r for r in _done(org["frank"]) if r["processInstanceId"] == pid]
    assert status_of(org["alice"].client, pid) == "已结束"


def test_a_long_leave_goes_to_the_hr_role_then_the_parallel_block(org: Org) -> None:
    # given alice asks for 5 days and her department approves
    pid = start(org["alice"], "长假", days=5)
    approve(org["bob"], pid, "部门审批")
    # then every member of the hr role is offered 人事审批, nobody else
    assert task_of(org["carol"], pid, "人事审批")["status"] == "claim"
    assert task_of(org["dave"], pid, "人事审批")["status"] == "claim"
    assert todo(org["bob"], pid) == [] and todo(org["peggy"], pid) == []
    # when carol approves
    approve(org["carol"], pid, "人事审批")
    # then accounting and cashier work in parallel, each assigned by name
    assert task_of(org["kate"], pid, "会计审核")["status"] == "todo"
    assert task_of(org["leo"], pid, "出纳审核")["status"] == "todo"
    assert todo(org["dave"], pid) == []
    visited, flows = chart(org["alice"].client, pid)
    assert visited[:5] == ["start", "dept", "gw", "hr", "fork"] and sorted(visited[5:]) == ["acc", "cash"]
    assert flows[:4] == ["f_start", "f_dept", "f_long", "f_hr"] and sorted(flows[4:]) == ["f_acc", "f_cash"]


def test_the_board_countersign_completes_at_sixty_percent(org: Org) -> None:
    # given a long leave that reached the five board members
    pid = start(org["alice"], "会签", days=5)
    through_parallel_block(org, pid)
    for nickname in BOARD:
        assert task_of(org[nickname], pid, "董事会签")["status"] == "todo"
    # when two of five agree (40 %) the vote goes on; the third (60 %) ends it
    approve(org["erin"], pid, "董事会签")
    approve(org["grace"], pid, "董事会签")
    assert task_of(org["heidi"], pid, "董事会签")
    approve(org["heidi"], pid, "董事会签")
    # then the other voters' tasks are gone and the leave is approved
    assert todo(org["ivan"], pid) == [] and todo(org["judy"], pid) == []
    assert chart(org["alice"].client, pid) == (
        ["start", "dept", "gw", "hr", "fork", "acc", "cash", "join", "board", "end_approved"],
        [
            "f_start",
            "f_dept",
            "f_long",
            "f_hr",
            "f_acc",
            "f_cash",
            "f_acc_done",
            "f_cash_done",
            "f_join",
            "f_board",
        ],
    )
    assert steps(org["alice"].client, pid) == [
        ("start", "爱丽丝", "启动流程"),
        ("dept", "鲍勃", "同意"),
        ("hr", "卡罗尔", "同意"),
        ("acc", "凯特", "同意"),
        ("cash", "利奥", "同意"),
        ("board", "艾琳", "同意"),
        ("board", "格蕾丝", "同意"),
        ("board", "海蒂", "同意"),
        ("board", "伊万", "已取消"),
        ("board", "朱迪", "已取消"),
        ("end_approved", "", "结束流程"),
    ]
    assert status_of(org["alice"].client, pid) == "已结束"


def test_add_sign_adds_a_voter_so_sixty_percent_needs_one_more(org: Org) -> None:
    # given a long leave at the board
    pid = start(org["alice"], "加签", days=5)
    through_parallel_block(org, pid)
    # when erin adds oscar as a sixth voter
    erin_task = task_of(org["erin"], pid, "董事会签")["task"]["id"]
    added = org["erin"].client.post(
        "/api/flowable/task/addSignTask",
        data={
            "taskId": erin_task,
            "userIds": json.dumps(org["oscar"].id),
            "comment": "请奥斯卡也看看",
            "flag": "false",
        },
    )
    # then oscar votes too, and three agreements (50 %) no longer end the vote; the fourth (67 %) does
    assert _ok(added) == "加签成功"
    assert task_of(org["oscar"], pid, "董事会签")["status"] == "todo"
    for nickname in ["erin", "grace", "oscar"]:
        approve(org[nickname], pid, "董事会签")
    assert task_of(org["heidi"], pid, "董事会签")
    approve(org["heidi"], pid, "董事会签")
    assert todo(org["ivan"], pid) == [] and todo(org["judy"], pid) == []
    board = [(who, what) for node, who, what in steps(org["alice"].client, pid) if node == "board"]
    assert sorted(w for w, s in board if s == "同意") == sorted(["艾琳", "格蕾丝", "奥斯卡", "海蒂"])
    assert len(board) == 6
    assert chart(org["alice"].client, pid)[0][-1] == "end_approved"


def test_send_back_from_the_board_into_one_parallel_branch_reruns_that_branch_alone(org: Org) -> None:
    # given a long leave at the board
    pid = start(org["alice"], "退回", days=5)
    through_parallel_block(org, pid)
    erin = org["erin"]
    erin_task = task_of(erin, pid, "董事会签")["task"]["id"]
    # when erin asks where she may send it back, tries her own node, then sends it to accounting
    nodes = _ok(erin.client.put("/api/flowable/task/backNodes", params={"taskId": erin_task}))
    refused = erin.client.put(
        "/api/flowable/task/back", params={"taskId": erin_task, "backTaskDefKey": "board"}
    )
    backed = erin.client.put(
        "/api/flowable/task/back",
        params={"taskId": erin_task, "backTaskDefKey": "acc", "message": "请会计复核"},
    )
    # then every node the request passed is offered, inside the parallel block too
    assert nodes == [
        {"taskDefKey": "dept", "taskName": "部门审批"},
        {"taskDefKey": "hr", "taskName": "人事审批"},
        {"taskDefKey": "acc", "taskName": "会计审核"},
        {"taskDefKey": "cash", "taskName": "出纳审核"},
    ]
    assert refused.status_code == 400 and "[board]" in refused.json()["msg"]
    assert backed.status_code == 200, backed.text
    # and the whole vote is cancelled; accounting alone works again, the cashier's approval stands
    assert all(todo(org[nickname], pid) == [] for nickname in BOARD)
    assert task_of(org["kate"], pid, "会计审核")
    assert todo(org["leo"], pid) == []
    assert chart(org["alice"].client, pid)[0][-1] == "acc"
    board = [s for s in steps(org["alice"].client, pid) if s[0] == "board"]
    assert [s[2] for s in board].count("已取消") == 4
    # when accounting approves again, the join owes nothing more: the board votes anew
    approve(org["kate"], pid, "会计审核")
    assert all(task_of(org[nickname], pid, "董事会签") for nickname in BOARD)


def test_transfer_then_delegate_moves_the_task_and_it_returns_to_the_owner(org: Org) -> None:
    # given a short leave offered to alice's department
    pid = start(org["alice"], "转办委派", days=1)
    task_id = task_of(org["bob"], pid, "部门审批")["task"]["id"]
    # when bob transfers it to mallory (another department)
    transferred = org["bob"].client.put(
        "/api/flowable/task/transfer", params={"taskId": task_id, "userId": org["mallory"].id}
    )
    # then it leaves the department's lists and is mallory's own task
    assert _ok(transferred) == "转办成功"
    assert todo(org["bob"], pid) == [] and todo(org["frank"], pid) == []
    assert task_of(org["mallory"], pid, "部门审批")["status"] == "todo"
    # when mallory delegates it to frank, and frank resolves it
    delegated = org["mallory"].client.put(
        "/api/flowable/task/delegate", params={"taskId": task_id, "userId": org["frank"].id}
    )
    assert _ok(delegated) == "委派成功"
    assert task_of(org["frank"], pid, "部门审批")["task"]["delegationState"] == "PENDING"
    assert todo(org["mallory"], pid) == []
    assert _ok(audit(org["frank"], task_id, "已核对")) == "提交成功"
    # then the task is back with mallory, who completes it
    returned = task_of(org["mallory"], pid, "部门审批")
    assert returned["task"]["id"] == task_id
    approve(org["mallory"], pid, "部门审批")
    assert chart(org["alice"].client, pid)[0] == ["start", "dept", "gw", "end"]
    assert [s for s in steps(org["alice"].client, pid) if s[0] == "dept"] == [("dept", "玛洛莉", "同意")]


def test_the_initiator_revokes_an_untouched_request(org: Org) -> None:
    # given a request nobody has handled yet
    pid = start(org["alice"], "撤销", days=2)
    # when bob tries to revoke it, then alice does
    not_mine = org["bob"].client.put("/api/flowable/process/revokeProcIns", params={"id": pid})
    revoked = org["alice"].client.put("/api/flowable/process/revokeProcIns", params={"id": pid})
    # then only the initiator may, and the request disappears from the reviewers' lists
    assert not_mine.status_code == 400 and not_mine.json()["msg"] == "只有流程发起人才能撤销流程"
    assert _ok(revoked) == "撤销流程成功"
    assert todo(org["bob"], pid) == [] and todo(org["frank"], pid) == []
    assert status_of(org["alice"].client, pid) == "已撤销"
    mine = _ok(org["alice"].client.get("/api/flowable/task/myApplyed", params={"size": 100}))["records"]
    assert [(r["status"], r["code"]) for r in mine if r["processInstanceId"] == pid] == [("已撤销", 3)]
    assert chart(org["alice"].client, pid) == (["start", "dept"], ["f_start"])
    assert steps(org["alice"].client, pid) == [("start", "爱丽丝", "启动流程"), ("dept", "", "已取消")]


def test_a_handled_request_can_no_longer_be_revoked_but_an_administrator_can_stop_it(
    org: Org, admin: httpx.Client
) -> None:
    # given a long leave the department has approved
    pid = start(org["alice"], "终止", days=5)
    approve(org["bob"], pid, "部门审批")
    # when alice tries to revoke it and the administrator stops it
    too_late = org["alice"].client.put("/api/flowable/process/revokeProcIns", params={"id": pid})
    stopped = admin.put("/api/flowable/process/stop", params={"id": pid, "message": "不再需要"})
    # then
    assert too_late.status_code == 400 and too_late.json()["msg"] == "流程已被处理，不能撤销"
    assert _ok(stopped) == "终止流程成功"
    assert todo(org["carol"], pid) == [] and todo(org["dave"], pid) == []
    assert status_of(org["alice"].client, pid) == "已终止"
    assert chart(org["alice"].client, pid) == (["start", "dept", "gw", "hr"], ["f_start", "f_dept", "f_long"])
    assert steps(org["alice"].client, pid) == [
        ("start", "爱丽丝", "启动流程"),
        ("dept", "鲍勃", "同意"),
        ("hr", "", "终止"),
    ]


def test_an_untouched_hr_task_escalates_to_the_hr_manager_when_its_timer_fires(org: Org) -> None:
    # given a long leave whose hr step times out after two seconds
    pid = start(org["alice"], "超时", days=5, hr_timeout="PT2S")
    approve(org["bob"], pid, "部门审批")
    assert task_of(org["carol"], pid, "人事审批")
    # when nobody in hr acts, the platform's scheduler and worker fire the timer
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not todo(org["peggy"], pid):
        time.sleep(0.25)
    # then the hr manager has it and hr no longer does
    assert task_of(org["peggy"], pid, "人事经理审批")["status"] == "todo"
    assert todo(org["carol"], pid) == [] and todo(org["dave"], pid) == []
    assert chart(org["alice"].client, pid) == (
        ["start", "dept", "gw", "hr", "hr_timeout", "hr_boss"],
        ["f_start", "f_dept", "f_long", "f_timeout"],
    )
    # when the manager approves, the escalated branch ends the instance
    approve(org["peggy"], pid, "人事经理审批")
    assert chart(org["alice"].client, pid)[1][-1] == "f_boss"
    assert steps(org["alice"].client, pid) == [
        ("start", "爱丽丝", "启动流程"),
        ("dept", "鲍勃", "同意"),
        ("hr", "", "已取消"),
        ("hr_boss", "佩吉", "同意"),
        ("end_escalated", "", "结束流程"),
    ]
