"""``loom-workflow test <model.bpmn> <cases.json>``: the exit status a CI reads, and the report."""

from __future__ import annotations

import io
import json
from pathlib import Path

from loom_workflow.proctest.cli import main

from ..integration.helpers import LEAVE

XML = LEAVE.replace(
    'id="dept" name="部门审批"', 'id="dept" name="部门审批" flowable:assignee="u-bob"'
).replace('id="hr" name="人事审批"', 'id="hr" name="人事审批" flowable:candidateUsers="u-carol,u-dave"')
CASES = [
    {
        "name": "long",
        "initiator": "u-alice",
        "variables": {"days": 5},
        "steps": [{"node": "dept", "actor": "u-bob"}, {"node": "hr", "actor": "u-dave"}],
        "expect": {
            "path": ["start", "dept", "gw", "hr", "end"],
            "end": "end",
            "assignees": {"dept": ["u-bob"]},
        },
    },
    {
        "name": "short",
        "initiator": "u-alice",
        "variables": {"days": 2},
        "steps": [{}],
        "expect": {"end": "end"},
    },
]


def _files(tmp_path: Path, xml: str, cases: object) -> list[str]:
    (tmp_path / "leave.bpmn").write_text(xml, encoding="utf-8")
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    return [str(tmp_path / "leave.bpmn"), str(tmp_path / "cases.json")]


def test_passing_cases_exit_zero(tmp_path: Path) -> None:
    # given
    out = io.StringIO()
    # when
    status = main(_files(tmp_path, XML, {"cases": CASES}), out=out)
    # then
    assert status == 0, out.getvalue()
    assert "PASS  long" in out.getvalue() and "2/2 个用例通过" in out.getvalue()


def test_a_changed_condition_fails_with_the_diverging_step(tmp_path: Path) -> None:
    # given
    changed = XML.replace("${days > 3}", "${days > 5}").replace("${days <= 3}", "${days <= 5}")
    out = io.StringIO()
    # when
    status = main([*_files(tmp_path, changed, CASES), "--lang", "en-US", "--json"], out=out)
    # then
    assert status == 1
    result = json.loads(out.getvalue())
    long = result["results"][0]
    assert not long["passed"] and long["divergedAt"] == "gw"
    assert long["failures"][0]["message"] == "Step 2: no open task, expected one at node [人事审批(hr)]"
    assert result["results"][1]["passed"]


def test_a_bad_cases_file_exits_two(tmp_path: Path) -> None:
    # when
    status = main(_files(tmp_path, XML, {"cases": [{"name": ""}]}), out=io.StringIO())
    # then
    assert status == 2


def _designed(node_id: str, name: str, user: str) -> str:
    """A user task as the designer downloads it: its reviewer rule and button as extension elements."""
    return (
        f'<userTask id="{node_id}" name="{name}"><extensionElements>'
        f'<flowable:assignee type="user" value="{user}" condition="0" operationType="0" sort="10"/>'
        '<flowable:button name="同意" code="_flow_agree" isHide="0" next="0" sort="1"/>'
        "</extensionElements></userTask>"
    )


def test_the_reviewer_rules_the_designer_writes_into_the_bpmn_are_who_acts(tmp_path: Path) -> None:
    # given: the leave process as the designer downloads it, reviewers as rules in each task
    xml = LEAVE.replace(
        '<userTask id="dept" name="部门审批" flowable:formKey="/leave/LeaveForm"/>',
        _designed("dept", "部门审批", "u-bob"),
    ).replace('<userTask id="hr" name="人事审批"/>', _designed("hr", "人事审批", "u-dave"))
    wrong = {**CASES[0], "steps": [{"node": "dept", "actor": "u-bob"}, {"node": "hr", "actor": "u-carol"}]}
    out = io.StringIO()
    # when
    status = main([*_files(tmp_path, xml, [CASES[0], wrong]), "--json"], out=out)
    # then: u-bob and u-dave act; u-carol is not HR's reviewer
    result = json.loads(out.getvalue())
    assert status == 1
    assert result["results"][0]["passed"], result["results"][0]
    assert "不是节点[人事审批(hr)]的审批人" in result["results"][1]["failures"][0]["message"]
