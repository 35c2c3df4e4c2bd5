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
    ProcessDefinition,
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


def _purge(ctx: CommandContext, definitions: list[ProcessDefinition]) -> int:
    """Deletes the definitions with their deployments and every instance of them, running or ended."""
    tx = ctx.session.tx
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


@dataclass(frozen=True)
class PurgeDefinitions:
    """Deletes every version of a definition key with its deployments and all instances of it,
    running or ended, runtime and history (a model deleted for good)."""

    key: str
    tenant_id: str = ""

    def execute(self, ctx: CommandContext) -> int:
        """Returns how many definitions were removed."""
        return _purge(ctx, ctx.session.tx.definitions_of_key(self.key, tenant_id=self.tenant_id))


@dataclass(frozen=True)
class DeleteDeployment:
    """Deletes the deployment of one definition version with its instances, running or ended
    (Flowable's ``deleteDeployment(id, cascade=true)``); the other versions and the model stay."""

    proc_def_id: str

    def execute(self, ctx: CommandContext) -> int:
        """Returns how many definitions were removed (0 when there is no such definition)."""
        tx = ctx.session.tx
        found = tx.get_definition(self.proc_def_id)
        if found is None:
            return 0
        same = [
            d
            for d in tx.definitions_of_key(found.key, tenant_id=found.tenant_id)
            if d.deployment_id == found.deployment_id
        ]
        return _purge(ctx, same)


__all__ = ["DeleteDeployment", "DeleteHistoricInstance", "PurgeDefinitions"]
