"""The engine writes its tables without the ORM: its change sets tell the operation log what each
command inserted, changed (old and new values) and deleted."""

from __future__ import annotations

from loom_platform import oplog
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.process import service

from ..conftest import ADMIN, Env
from .helpers import LEAVE, deploy, start


async def test_an_engine_command_tells_the_log_the_fields_it_changed_and_the_rows_it_removed(
    env: Env,
) -> None:
    # given a running instance
    await deploy(env, "leave", "请假流程", LEAVE)
    pid = await start(env, "u-alice", "leave", "爱丽丝请假", days=1)
    runtime: WorkflowRuntime = env.app.state.runtime
    # when it is suspended, then cancelled, each inside a logged request
    with oplog.collecting() as suspended:
        await service.set_instance_suspended(runtime, pid, True, actor=ADMIN)
    with oplog.collecting() as cancelled:
        await service.delete_running(runtime, [pid], "作废", actor=ADMIN)
    # then the suspension names the field with its old and new value, and nothing else of the row
    changed = {key: (before, after) for key, before, after in suspended}
    assert changed[f"act_ru_execution {pid}"] == ({"suspended": False}, {"suspended": True})
    # and the cancel lists the runtime rows it removed, whole
    removed = {key: before for key, before, after in cancelled if after is None}
    assert removed[f"act_ru_execution {pid}"]["proc_inst_id"] == pid
    assert any(key.startswith("act_ru_task ") for key in removed)
    # outside a logged request nothing is collected, and nothing fails
    await service.set_instance_suspended(
        runtime, (await start(env, "u-alice", "leave", "又一个", days=1)), True, actor=ADMIN
    )
