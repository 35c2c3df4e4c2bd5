"""流程分析: the figures of one process definition over the instances in view."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from loom_workflow.analytics import figures, queries
from loom_workflow.analytics.queries import Scope
from loom_workflow.analytics.schemas import Durations, NodeFigures, PathFigures, ProcessAnalytics
from loom_workflow.analytics.tables import INSTANCE
from loom_workflow.engine.errors import BpmnParseError
from loom_workflow.engine.model.parser import parse_bpmn
from loom_workflow.pgstore import tables as t
from loom_workflow.process.errors import DefinitionNotFound


async def analyse(session: AsyncSession, scope: Scope) -> ProcessAnalytics:
    """Counts, durations, each node's waiting time, the frequent paths, 退回 and 撤销 of the
    definition ``scope`` names, over the instances it lets count (the caller rolls history up first)."""
    definition = await _definition(session, scope.proc_def_id)
    cells = await queries.cells(session, scope)
    whole = figures.summarise(cells.pop(INSTANCE, []))
    names, kinds = _nodes_of(definition.bpmn_xml or "")
    running = await queries.running(session, scope)
    paths = await queries.paths(session, scope)
    return ProcessAnalytics(
        proc_def_id=definition.id,
        key=definition.key,
        name=definition.name or definition.key,
        version=definition.version,
        bpmn_xml=definition.bpmn_xml or "",
        started=whole.count + running,
        finished=whole.count,
        running=running,
        backs=whole.backs,
        revoked=whole.revoked,
        duration=_durations(whole),
        nodes=[
            NodeFigures(
                id=node, name=names.get(node, node), kind=kinds.get(node, ""), **_durations(found).dump()
            )
            for node, found in figures.by_node(cells).items()
        ],
        paths=[
            PathFigures(
                ids=ids,
                names=[names.get(node, node) for node in ids],
                count=n,
                share=n / whole.count if whole.count else 0.0,
            )
            for ids, n in ((path.split(">") if path else [], n) for path, n in paths)
        ],
    )


def _durations(found: figures.Durations) -> Durations:
    return Durations(
        count=found.count,
        mean_ms=round(found.mean_ms, 1),
        p50_ms=round(found.p50_ms, 1),
        p90_ms=round(found.p90_ms, 1),
        overdue=found.overdue,
        overdue_rate=found.overdue / found.count if found.count else 0.0,
    )


async def _definition(session: AsyncSession, proc_def_id: str) -> Any:
    d = t.procdef
    found = await session.execute(
        select(d.c.id, d.c.key, d.c.name, d.c.version, d.c.bpmn_xml).where(d.c.id == proc_def_id)
    )
    row = found.first()
    if row is None:
        raise DefinitionNotFound()
    return row


def _nodes_of(xml: str) -> tuple[dict[str, str], dict[str, str]]:
    """Names and kinds of the diagram's nodes by id (empty for a diagram that no longer parses)."""
    try:
        models = parse_bpmn(xml)
    except BpmnParseError:
        return {}, {}
    nodes = [node for model in models for node in model.nodes.values()]
    return {n.id: n.name or n.id for n in nodes}, {n.id: n.kind for n in nodes}
