"""History housekeeping: delete an ended instance's history, purge every version of a definition key."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import IllegalState
from ..runtime.entities import (
    HISTORY_TYPES,
    RUNTIME_TYPES,
    Execution,
    HistoricProcessInstance,
    Row,
)

if TYPE_CHECKING:
    from ..context import CommandContext


def _delete_instance_rows(ctx: CommandContext, proc_inst_ids: set[str], *, runtime: bool) -> None:
    """Deletes the history (and with ``runtime`` the runtime rows) of the given instances."""
    kinds = (*RUNTIME_TYPES, *HISTORY_TYPES) if runtime else HISTORY_TYPES
    for proc_inst_id in proc_inst_ids:
        ctx.session.comments(proc_inst_id=proc_inst_id)
    for kind in kinds:
        owner = "id" if kind is HistoricProcessInstance else "proc_inst_id"
        rows: list[Row] = ctx.session.all(kind)
        for row in rows:
            if getattr(row, owner) in proc_inst_ids:
                ctx.session.delete(row)


@dataclass(frozen=True)
class DeleteHistoricInstance:
    """Removes an ended instance tree from history: instance, tasks, activities, comments, variables.
    A running instance must be deleted first (Flowable: "Process instance is still running")."""

    proc_inst_id: str

    def execute(self, ctx: CommandContext) -> bool:
        """False when there is no such instance; IllegalState while it runs."""
        if not ctx.session.load_tree(self.proc_inst_id, full_history=True):
            return False
        if ctx.session.get(Execution, self.proc_inst_id) is not None:
            raise IllegalState(
                f"Process instance is still running, cannot delete historic process instance: {self.proc_inst_id}"
            )
        tree = {h.id for h in ctx.session.all(HistoricProcessInstance)}
        _delete_instance_rows(ctx, tree, runtime=False)
        return True


@dataclass(frozen=True)
class PurgeDefinitions:
    """Deletes every version of a definition key with its deployments and all instances of it,
    running or ended, runtime and history (a model deleted for good)."""

    key: str
    tenant_id: str = ""

    def execute(self, ctx: CommandContext) -> int:
        """Returns how many definitions were removed."""
        tx = ctx.session.tx
        definitions = tx.definitions_of_key(self.key, tenant_id=self.tenant_id)
        instance_ids = set(tx.instance_ids([d.id for d in definitions], running_only=False))
        for proc_inst_id in sorted(instance_ids):
            ctx.session.load_tree(proc_inst_id, full_history=True)
        _delete_instance_rows(ctx, instance_ids, runtime=True)
        deployments: set[str] = set()
        for definition in definitions:
            ctx.session.delete(ctx.session.loaded(definition))
            deployments.add(definition.deployment_id)
        for deployment_id in sorted(deployments):
            deployment = tx.get_deployment(deployment_id)
            if deployment is not None:
                ctx.session.delete(ctx.session.loaded(deployment))
        return len(definitions)


__all__ = ["DeleteHistoricInstance", "PurgeDefinitions"]
