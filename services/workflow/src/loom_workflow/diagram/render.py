"""A BPMN diagram drawn as SVG from its DI (``bpmndi:BPMNShape`` bounds, ``BPMNEdge`` waypoints),
with the nodes an instance went through and the nodes it waits in marked. Pure: no I/O.

Each shape carries ``data-id`` and ``data-state`` (``done``, ``waiting`` or none) so that what the
picture shows can be read back by a test or a script. Names are escaped: the XML is a user's.
A process drawn without DI is laid out in one row in document order.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from loom_workflow.engine.model.xml import local, parse_xml

DI_NS = "http://www.omg.org/spec/BPMN/20100524/DI"
DC_NS = "http://www.omg.org/spec/DD/20100524/DC"
OMGDI_NS = "http://www.omg.org/spec/DD/20100524/DI"
COLOURS = {"done": "#52c41a", "waiting": "#f5222d", None: "#595959"}
MARGIN = 20.0


@dataclass(frozen=True)
class Shape:
    id: str
    kind: str
    name: str
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Edge:
    id: str
    points: tuple[tuple[float, float], ...]


def _num(value: str | None) -> float:
    try:
        return float(value or 0)
    except ValueError:
        return 0.0


def _elements(root: object) -> dict[str, tuple[str, str]]:
    """``{id: (kind, name)}`` of every BPMN element that has an id."""
    found: dict[str, tuple[str, str]] = {}
    for el in root.iter():  # type: ignore[attr-defined]
        if isinstance(el.tag, str) and el.get("id") and "BPMN/20100524/MODEL" in el.tag:
            found[el.get("id")] = (local(el), el.get("name") or "")
    return found


def read(xml: str) -> tuple[list[Shape], list[Edge]]:
    """The shapes and edges of the diagram (laid out in a row when the XML has no DI)."""
    root = parse_xml(xml)
    elements = _elements(root)
    shapes: list[Shape] = []
    edges: list[Edge] = []
    for el in root.iter(f"{{{DI_NS}}}BPMNShape"):
        ref = el.get("bpmnElement") or ""
        bounds = el.find(f"{{{DC_NS}}}Bounds")
        if bounds is None or ref not in elements:
            continue
        kind, name = elements[ref]
        box = [_num(bounds.get(k)) for k in ("x", "y", "width", "height")]
        shapes.append(Shape(ref, kind, name, *box))
    for el in root.iter(f"{{{DI_NS}}}BPMNEdge"):
        points = tuple((_num(p.get("x")), _num(p.get("y"))) for p in el.iter(f"{{{OMGDI_NS}}}waypoint"))
        if len(points) >= 2:
            edges.append(Edge(el.get("bpmnElement") or "", points))
    if not shapes:
        return _row(root, elements)
    return shapes, edges


def _row(root: object, elements: dict[str, tuple[str, str]]) -> tuple[list[Shape], list[Edge]]:
    nodes = [(i, k, n) for i, (k, n) in elements.items() if _is_node(k)]
    shapes = [Shape(i, k, n, 40 + 150 * at, 60, *_size(k)) for at, (i, k, n) in enumerate(nodes)]
    centre = {s.id: (s.x + s.width / 2, s.y + s.height / 2) for s in shapes}
    edges = []
    for el in root.iter():  # type: ignore[attr-defined]
        if isinstance(el.tag, str) and local(el) == "sequenceFlow":
            a, b = centre.get(el.get("sourceRef") or ""), centre.get(el.get("targetRef") or "")
            if a and b:
                edges.append(Edge(el.get("id") or "", (a, b)))
    return shapes, edges


def _is_node(kind: str) -> bool:
    return kind.endswith(("Event", "Gateway", "Task", "task")) or kind in ("subProcess", "callActivity")


def _size(kind: str) -> tuple[float, float]:
    if kind.endswith("Event"):
        return 36.0, 36.0
    if kind.endswith("Gateway"):
        return 50.0, 50.0
    return 100.0, 80.0


def _state(shape_id: str, done: Collection[str], waiting: Collection[str]) -> str | None:
    if shape_id in waiting:
        return "waiting"
    return "done" if shape_id in done else None


def _shape(s: Shape, state: str | None) -> str:
    colour, width = COLOURS[state], (3 if state else 1.5) + (2 if s.kind == "endEvent" else 0)
    attrs = f'data-id={quoteattr(s.id)} data-kind="{s.kind}"' + (f' data-state="{state}"' if state else "")
    paint = f'fill="#fff" stroke="{colour}" stroke-width="{width}"'
    cx, cy = s.x + s.width / 2, s.y + s.height / 2
    label = escape(s.name)
    if s.kind.endswith("Event"):
        body = f'<circle cx="{cx}" cy="{cy}" r="{min(s.width, s.height) / 2}" {paint}/>'
        text = f'<text x="{cx}" y="{s.y + s.height + 14}" text-anchor="middle">{label}</text>'
    elif s.kind.endswith("Gateway"):
        points = f"{cx},{s.y} {s.x + s.width},{cy} {cx},{s.y + s.height} {s.x},{cy}"
        body = f'<polygon points="{points}" {paint}/>'
        text = f'<text x="{cx}" y="{s.y + s.height + 14}" text-anchor="middle">{label}</text>'
    elif s.kind in ("participant", "lane"):
        body = (
            f'<rect x="{s.x}" y="{s.y}" width="{s.width}" height="{s.height}" fill="none" stroke="#bfbfbf"/>'
        )
        text = f'<text x="{s.x + 6}" y="{s.y + 16}">{label}</text>'
    else:
        body = f'<rect x="{s.x}" y="{s.y}" width="{s.width}" height="{s.height}" rx="10" {paint}/>'
        text = f'<text x="{cx}" y="{cy + 4}" text-anchor="middle">{label}</text>'
    return f"<g {attrs}>{body}{text}</g>"


def _edge(e: Edge, passed: bool) -> str:
    colour = COLOURS["done"] if passed else "#8c8c8c"
    points = " ".join(f"{x},{y}" for x, y in e.points)
    attrs = f"data-id={quoteattr(e.id)}" + (' data-state="done"' if passed else "")
    return (
        f'<polyline {attrs} points="{points}" fill="none" stroke="{colour}" '
        f'stroke-width="{2 if passed else 1.2}" marker-end="url(#arrow)"/>'
    )


def svg(xml: str, *, done: Iterable[str] = (), waiting: Iterable[str] = (), flows: Iterable[str] = ()) -> str:
    """The diagram as an SVG document; ``done`` and ``waiting`` nodes and the ``flows`` taken marked."""
    shapes, edges = read(xml)
    done_, waiting_, flows_ = set(done), set(waiting), set(flows)
    boxes = [(s.x, s.y, s.x + s.width, s.y + s.height + 18) for s in shapes]
    boxes += [(x, y, x, y) for e in edges for x, y in e.points]
    left = min((b[0] for b in boxes), default=0.0) - MARGIN
    top = min((b[1] for b in boxes), default=0.0) - MARGIN
    width = max((b[2] for b in boxes), default=200.0) - left + MARGIN
    height = max((b[3] for b in boxes), default=100.0) - top + MARGIN
    pools = [s for s in shapes if s.kind in ("participant", "lane")]
    nodes = [s for s in shapes if s.kind not in ("participant", "lane")]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left} {top} {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#8c8c8c"/></marker></defs>',
        *(_shape(s, None) for s in pools),
        *(_edge(e, e.id in flows_) for e in edges),
        *(_shape(s, _state(s.id, done_, waiting_)) for s in nodes),
        "</svg>",
    ]
    return "".join(parts)
