"""Finding a deployed decision by its binding, evaluating it and recording the evaluation: what the
business-rule task and the stand-alone decision call share."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .dmn import Evaluation, evaluate_decision
from .dmn.evaluate import as_json
from .errors import ObjectNotFound
from .model import DecisionRef
from .runtime.entities import DecisionDefinition, Execution, HistoricDecisionExecution

if TYPE_CHECKING:
    from .context import CommandContext


@dataclass(frozen=True)
class Evaluated:
    """A decision's evaluation: its definition, result list and the history row recording it."""

    definition: DecisionDefinition
    evaluation: Evaluation
    record: HistoricDecisionExecution


def find(
    ctx: CommandContext, ref: DecisionRef, *, deployment_id: str | None = None, tenant_id: str = ""
) -> DecisionDefinition:
    """The deployed decision ``ref`` names: the latest, the one deployed with the process
    (``deployment``), a ``version`` or the latest with a ``versionTag``."""
    tenant = ref.tenant_id if ref.tenant_id is not None else tenant_id
    found = ctx.session.find_decision(
        ref.key,
        version=ref.version if ref.binding == "version" else None,
        deployment_id=deployment_id if ref.binding == "deployment" else None,
        version_tag=ref.version_tag if ref.binding == "versionTag" else None,
        tenant_id=tenant,
    )
    if found is None:
        where = {
            "deployment": " in the process's deployment",
            "version": f" with version {ref.version}",
            "versionTag": f" with version tag '{ref.version_tag}'",
        }.get(ref.binding, "")
        raise ObjectNotFound(f"no decision found with key '{ref.key}'{where}")
    return found


def evaluate(
    ctx: CommandContext,
    definition: DecisionDefinition,
    variables: Mapping[str, object],
    *,
    execution: Execution | None = None,
) -> Evaluated:
    """Evaluates ``definition`` with ``variables`` and records it (with its instance, if any); a
    failing evaluation raises :class:`~loom_workflow.engine.errors.DecisionError` and the command
    rolls back."""
    start = ctx.now()
    evaluation = evaluate_decision(ctx.config.decisions.get(definition), definition.key, variables)
    record = ctx.session.insert(
        HistoricDecisionExecution(
            id=ctx.new_id(),
            decision_definition_id=definition.id,
            decision_key=definition.key,
            decision_name=definition.name,
            decision_version=definition.version,
            deployment_id=definition.deployment_id,
            proc_inst_id=execution.proc_inst_id if execution else None,
            execution_id=execution.id if execution else None,
            activity_id=execution.activity_id if execution else None,
            start_time=start,
            end_time=ctx.now(),
            audit={"decisions": evaluation.audit, "result": as_json(evaluation.results)},
            tenant_id=definition.tenant_id,
        )
    )
    return Evaluated(definition, evaluation, record)
