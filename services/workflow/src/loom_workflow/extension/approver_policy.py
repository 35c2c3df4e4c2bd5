"""What a node does when its approvers are nobody, or someone who need not approve again.

Node settings (``wf_node_setting``, saved by the product panel with the node):

- ``emptyApprover``: when the node's reviewer rules resolve to nobody — ``skip`` (the task completes
  at once, history "自动跳过"), ``admin`` (the administrator gets it, history "转管理员") or ``error``
  (the default: the operation that reached the node fails with a clear message, nothing changes).
- ``autoApprove``: comma-separated ``initiator`` (the approver is who started the instance) and
  ``approved`` (the approver already approved an earlier node of the instance): the task completes
  at once as its approver's, history "自动通过".

Who approved what is kept in the instance variable ``loomApprovers`` (the task service adds each
approver), because the engine's history is written after the command.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from loom_workflow.comments import comment_json
from loom_workflow.engine.hooks import AssignmentNote, AssignmentRequest, TaskAssignment
from loom_workflow.extension.errors import NoApprover

EMPTY_SETTING = "emptyApprover"
AUTO_SETTING = "autoApprove"
EMPTY_SKIP, EMPTY_ADMIN, EMPTY_ERROR = "skip", "admin", "error"
AUTO_INITIATOR, AUTO_APPROVED = "initiator", "approved"
APPROVERS = "loomApprovers"
ADMIN_USER_ID = "1"  # sys seeds the administrator under this id (setting admin_user_id)


def approvers(variables: Mapping[str, object]) -> list[str]:
    """Who has approved a node of the instance so far."""
    value = variables.get(APPROVERS)
    return [str(v) for v in value] if isinstance(value, list | tuple) else []


def with_approver(variables: Mapping[str, object], user_id: str) -> list[str]:
    """``loomApprovers`` after ``user_id`` approved."""
    return list(dict.fromkeys([*approvers(variables), user_id]))


def _is_empty(assignment: TaskAssignment) -> bool:
    return not (assignment.assignee or assignment.candidate_users or assignment.candidate_groups)


def on_empty(
    policy: Mapping[str, str],
    request: AssignmentRequest,
    assignment: TaskAssignment,
    *,
    has_rules: bool,
    admin: str = ADMIN_USER_ID,
) -> TaskAssignment:
    """Applies ``emptyApprover`` to an assignment that names nobody (rules that resolved to nobody,
    or a node whose setting asks for it)."""
    if not _is_empty(assignment):
        return assignment
    choice = policy.get(EMPTY_SETTING) or (EMPTY_ERROR if has_rules else "")
    if choice == EMPTY_SKIP:
        note = AssignmentNote("_flow_skip", comment_json("_flow_skip", "自动跳过", "审批人为空"), True)
        return TaskAssignment(owner=assignment.owner, note=note)
    if choice == EMPTY_ADMIN:
        note = AssignmentNote("_flow_admin", comment_json("_flow_admin", "转管理员", "审批人为空", "warning"))
        return TaskAssignment(assignee=admin, owner=assignment.owner, note=note)
    if choice == EMPTY_ERROR:
        raise NoApprover(node=request.task_name or request.task_def_key)
    return assignment


def auto_approved(
    policy: Mapping[str, str], request: AssignmentRequest, assignment: TaskAssignment
) -> TaskAssignment:
    """Applies ``autoApprove`` to a task with one assignee."""
    wanted: Sequence[str] = [w.strip() for w in policy.get(AUTO_SETTING, "").split(",") if w.strip()]
    who = assignment.assignee
    if not wanted or not who or assignment.note is not None:
        return assignment
    if AUTO_INITIATOR in wanted and who == request.start_user_id:
        reason = "审批人是发起人"
    elif AUTO_APPROVED in wanted and who in approvers(request.variables):
        reason = "审批人已审批过"
    else:
        return assignment
    note = AssignmentNote("_flow_agree", comment_json("_flow_agree", "自动通过", reason), True)
    return TaskAssignment(
        assignee=who,
        owner=assignment.owner,
        candidate_users=assignment.candidate_users,
        candidate_groups=assignment.candidate_groups,
        note=note,
    )
