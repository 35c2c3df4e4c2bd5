"""What the diagram routes answer: an instance's trace and a definition's resources."""

from __future__ import annotations

from fastapi.responses import Response
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_workflow.diagram import render
from loom_workflow.process import queries as process_queries
from loom_workflow.process.errors import InstanceNotFound

SVG = "image/svg+xml"
# An SVG is a document: opened on its own it must run nothing, whatever a node's name holds.
SVG_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "Cache-Control": "no-store",
}


def svg_response(body: str) -> Response:
    """A chart as the browser gets it: SVG that runs nothing, never cached."""
    return Response(body, media_type=SVG, headers=SVG_HEADERS)


async def instance_svg(session: AsyncSession, proc_inst_id: str) -> str:
    """The instance's chart: the nodes it went through, the nodes it waits in, the flows it took."""
    found = await process_queries.instance(session, proc_inst_id)
    if found is None:
        raise InstanceNotFound()
    xml = await process_queries.definition_xml(session, found.proc_def_id)
    chart = await process_queries.flow_chart(session, proc_inst_id=proc_inst_id, proc_def_id=None)
    current = await process_queries.current_tasks(session, [proc_inst_id])
    waiting = {task.task_def_key for task in current.get(proc_inst_id, [])}
    done = [a for a in chart["activityIds"] if a not in waiting]
    return render.svg(xml, done=done, waiting=waiting, flows=chart["flows"])


async def definition_svg(session: AsyncSession, proc_def_id: str) -> str:
    """The definition's diagram, nothing marked."""
    return render.svg(await process_queries.definition_xml(session, proc_def_id))
