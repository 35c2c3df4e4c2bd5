"""lxml helpers: safe parsing, namespaces, ``flowable:``/``activiti:``/``camunda:`` attributes (treated
the same)."""

from __future__ import annotations

from lxml import etree

from ..errors import BpmnParseError
from .elements import FieldInjection, Listener, ListenerKind, TimerDefinition, TimerKind

BPMN_NS = "http://www.omg.org/spec/BPMN/20100524/MODEL"
FLOWABLE_NS = "http://flowable.org/bpmn"
ACTIVITI_NS = "http://activiti.org/bpmn"
CAMUNDA_NS = "http://camunda.org/schema/1.0/bpmn"
EXTENSION_NS = (FLOWABLE_NS, ACTIVITI_NS, CAMUNDA_NS)

Element = etree._Element


def parse_xml(xml: str | bytes) -> Element:
    """Parses XML without entity expansion or network access (no XXE)."""
    data = xml.encode("utf-8") if isinstance(xml, str) else xml
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, remove_comments=True, remove_pis=True, huge_tree=False
    )
    try:
        return etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise BpmnParseError(f"Invalid BPMN XML: {exc}") from exc


def local(el: Element) -> str:
    """The local name of an element ('' for non-elements)."""
    tag = el.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]


def is_bpmn(el: Element, name: str | None = None) -> bool:
    """True when ``el`` is a BPMN-namespace element (optionally of local name ``name``)."""
    tag = el.tag
    if not isinstance(tag, str) or not tag.startswith("{" + BPMN_NS + "}"):
        return False
    return name is None or local(el) == name


def is_extension(el: Element, name: str) -> bool:
    """True for ``flowable:name`` or ``activiti:name``."""
    tag = el.tag
    return isinstance(tag, str) and any(tag == f"{{{ns}}}{name}" for ns in EXTENSION_NS)


def ext(el: Element, name: str) -> str | None:
    """A ``flowable:``/``activiti:``/``camunda:`` attribute."""
    for ns in EXTENSION_NS:
        value = el.get(f"{{{ns}}}{name}")
        if value is not None:
            return value
    return None


def ext_bool(el: Element, name: str, default: bool = False) -> bool:
    """A boolean extension attribute."""
    value = ext(el, name)
    return default if value is None else value.strip().lower() == "true"


def text_of(el: Element | None) -> str | None:
    """Stripped text content (CDATA included); None when empty."""
    if el is None:
        return None
    text = "".join(t if isinstance(t, str) else t.decode() for t in el.itertext()).strip()
    return text or None


def bpmn_children(el: Element, name: str) -> list[Element]:
    """Direct BPMN children named ``name``."""
    return [c for c in el if is_bpmn(c, name)]


def first_bpmn_child(el: Element, name: str) -> Element | None:
    """The first direct BPMN child named ``name``."""
    found = bpmn_children(el, name)
    return found[0] if found else None


def extension_children(el: Element, name: str) -> list[Element]:
    """``extensionElements/flowable:name`` children."""
    out: list[Element] = []
    for holder in bpmn_children(el, "extensionElements"):
        out.extend(c for c in holder if is_extension(c, name))
    return out


def fields_of(el: Element) -> tuple[FieldInjection, ...]:
    out: list[FieldInjection] = []
    for f in el:
        if not is_extension(f, "field"):
            continue
        string_value = f.get("stringValue")
        expression = f.get("expression")
        for child in f:
            if is_extension(child, "string"):
                string_value = text_of(child) or ""
            elif is_extension(child, "expression"):
                expression = text_of(child)
        out.append(FieldInjection(name=f.get("name") or "", string_value=string_value, expression=expression))
    return tuple(out)


def listeners(el: Element, tag: str) -> tuple[Listener, ...]:
    """Parses ``flowable:executionListener`` or ``flowable:taskListener`` entries."""
    out: list[Listener] = []
    for item in extension_children(el, tag):
        event = (item.get("event") or "").strip()
        kind: ListenerKind
        for kind in ("class", "expression", "delegateExpression"):
            value = item.get(kind)
            if value:
                out.append(Listener(event=event, kind=kind, value=value.strip(), fields=fields_of(item)))
                break
        else:
            raise BpmnParseError(f"Listener '{event}' needs class, expression or delegateExpression")
    return tuple(out)


def timer_definition(el: Element) -> TimerDefinition | None:
    """The timer of an event element, or None when it has no timerEventDefinition."""
    holder = first_bpmn_child(el, "timerEventDefinition")
    if holder is None:
        return None
    kinds: dict[str, TimerKind] = {"timeDate": "date", "timeDuration": "duration", "timeCycle": "cycle"}
    for tag, kind in kinds.items():
        value = text_of(first_bpmn_child(holder, tag))
        if value:
            return TimerDefinition(kind=kind, value=value)
    raise BpmnParseError(f"Timer of '{el.get('id')}' needs timeDate, timeDuration or timeCycle")


def error_code(definition: Element) -> str | None:
    """The code an ``errorEventDefinition`` catches: its ``errorRef``'s ``<error errorCode>`` (the ref
    itself when no such error is declared, as Flowable reads it); None (every code) without a ref."""
    ref = (definition.get("errorRef") or "").strip()
    if not ref:
        return None
    root = definition.getroottree().getroot()
    for error in bpmn_children(root, "error"):
        if error.get("id") == ref:
            return (error.get("errorCode") or "").strip() or ref
    return ref
