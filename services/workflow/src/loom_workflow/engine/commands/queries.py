"""Read-only views the task API needs that are easier to derive inside the engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import ObjectNotFound
from ..runtime.entities import Execution, HistoricActivityInstance, HistoricProcessInstance

if TYPE_CHECKING:
    from ..context import CommandContext


@dataclass(frozen=True)
class FlowChartData:
    """The seed's flow-chart response: the XML, visited node ids (last = current) and taken flow ids."""

    bpmn_xml: str
    activity_ids: list[str]
    flows: list[str]
    active_activity_ids: list[str]


def unfired_boundary(row: HistoricActivityInstance) -> bool:
    """A boundary event that is armed or was removed without firing: not a visited node."""
    return row.activity_type == "boundaryEvent" and (row.end_time is None or row.delete_reason is not None)


@dataclass(frozen=True)
class FlowChart:
    """Flow-chart data of a running or finished instance."""

    proc_inst_id: str

    def execute(self, ctx: CommandContext) -> FlowChartData:
        """Reads the instance's activity history (sequence flows included)."""
        if not ctx.session.load_tree(self.proc_inst_id, full_history=True):
            raise ObjectNotFound(f"No process instance found for id '{self.proc_inst_id}'")
        hist = ctx.session.get(HistoricProcessInstance, self.proc_inst_id)
        if hist is None:
            raise ObjectNotFound(f"No process instance found for id '{self.proc_inst_id}'")
        rows = ctx.session.where(
            HistoricActivityInstance,
            lambda a: a.proc_inst_id == self.proc_inst_id and not unfired_boundary(a),
        )
        rows.sort(key=lambda a: a.transaction_order)
        nodes: list[str] = []
        flows: list[str] = []
        for row in rows:
            target = flows if row.activity_type == "sequenceFlow" else nodes
            if row.activity_id in target:
                target.remove(row.activity_id)
            target.append(row.activity_id)
        active = [
            e.activity_id
            for e in ctx.session.where(Execution, lambda e: e.proc_inst_id == self.proc_inst_id)
            if e.activity_id is not None and e.is_active and not e.is_scope
        ]
        definition = ctx.session.definition(hist.proc_def_id)
        return FlowChartData(definition.bpmn_xml, nodes, flows, active)
