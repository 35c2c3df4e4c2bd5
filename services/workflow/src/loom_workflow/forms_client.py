"""Dynamic process forms in the forms service: a start or a task with a dynamic form (a `formKey`
without '/', the form version's id) has its data validated and stored by forms before the engine
moves on; forms answers field messages for invalid data, and a task id it has seen changes nothing.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from loom_contracts.loom.forms.v1 import service_pb2, service_pb2_grpc
from loom_platform.errors import FieldsInvalid
from loom_platform.grpc import Client
from loom_platform.i18n import EN, ZH, register
from loom_workflow.engine.model.xml import bpmn_children, ext, extension_children, parse_xml

register({"workflow.form.invalid": {ZH: "表单数据校验失败", EN: "Form data validation failed"}})


class FormDataInvalid(FieldsInvalid):
    """The form data breaks the form's rules: nothing is started or completed; details name the fields."""

    message_key = "workflow.form.invalid"


@dataclass(frozen=True)
class NodeForm:
    """A node's dynamic form: the version id, the fields it may write (None: every field), the
    fields its settings name as not writable (their values must not reach the process either) and
    whether the whole form is read-only at the node (``formReadOnly``: forms stores nothing)."""

    json_id: str
    writable: tuple[str, ...] | None
    read_only: tuple[str, ...] = ()
    locked: bool = False
    # Sub-table rights: columns ("<table>.<column>") the node may not write, tables it may not add
    # rows to or delete rows from (a table's property with addable="false" / deletable="false").
    locked_columns: tuple[str, ...] = ()
    rows_not_addable: tuple[str, ...] = ()
    rows_not_deletable: tuple[str, ...] = ()


@dataclass(frozen=True)
class FieldRight:
    """What a node may do with one field of its dynamic form (a sub-table's column is named
    ``<table>.<column>``): see it, change it, and for a sub-table add rows and delete rows."""

    readable: bool = True
    writable: bool = True
    addable: bool = True
    deletable: bool = True


def _flag(prop: Any, name: str) -> bool:
    # seed 001 §3.1 "Form property": a flag left out is true; only "false" (or "0") takes a right away
    return (prop.get(name) or "true").strip().lower() not in ("false", "0")


def _rights_of(el: Any) -> dict[str, FieldRight] | None:
    props = [p for p in extension_children(el, "formProperty") if p.get("id")]
    if not props:
        return None
    rights = {
        str(p.get("id")): FieldRight(*(_flag(p, f) for f in ("readable", "writable", "addable", "deletable")))
        for p in props
    }
    # a writable column makes its table writable when the table itself is not listed
    for column, right in list(rights.items()):
        table, dot, _ = column.partition(".")
        if dot and right.writable and table not in rights:
            rights[table] = FieldRight()
    return rights


def field_rights(xml: str, node_id: str | None) -> dict[str, FieldRight] | None:
    """The rights a node's ``flowable:formProperty`` list gives over its form's fields, keyed by
    field (None: the node lists none, so every field is readable and writable). The one rule the
    task screen shows and a submission is held to."""
    node = _node(parse_xml(xml), node_id) if node_id else None
    return _rights_of(node) if node is not None else None


def _node(root: Any, node_id: str) -> Any:
    return next((el for el in root.iter() if isinstance(el.tag, str) and el.get("id") == node_id), None)


def _form_of(el: Any) -> NodeForm | None:
    key = (ext(el, "formKey") or "").strip()
    if not key or "/" in key:
        return None
    locked = (ext(el, "formReadOnly") or "").strip().lower() in ("true", "1")
    rights = _rights_of(el)
    if rights is None:
        return NodeForm(key, None, locked=locked)
    fields = {i: r for i, r in rights.items() if "." not in i}
    return NodeForm(
        key,
        tuple(i for i, r in fields.items() if r.writable),
        tuple(i for i, r in fields.items() if not r.writable),
        locked,
        locked_columns=tuple(i for i, r in rights.items() if "." in i and not (r.writable and r.readable)),
        rows_not_addable=tuple(i for i, r in fields.items() if not r.addable),
        rows_not_deletable=tuple(i for i, r in fields.items() if not r.deletable),
    )


def node_form(xml: str, node_id: str) -> NodeForm | None:
    """The dynamic form of a node of the BPMN XML (None for none or an external form)."""
    node = _node(parse_xml(xml), node_id)
    return _form_of(node) if node is not None else None


def start_form(xml: str) -> NodeForm | None:
    """The dynamic form of the process's (top-level) start event."""
    root = parse_xml(xml)
    for process in bpmn_children(root, "process"):
        for start in bpmn_children(process, "startEvent"):
            found = _form_of(start)
            if found is not None:
                return found
    return None


@dataclass(frozen=True)
class FieldChange:
    """One field a save changed: its model, its label and the values before and after."""

    field: str
    label: str
    before: Any
    after: Any


@dataclass(frozen=True)
class DataVersion:
    """One save of an instance's form data: the task (or ``start:<id>``), who, when, what changed,
    and the whole form as that save left it (``data``, under the form version ``json_id``)."""

    task_id: str
    user_id: str
    saved_at: str
    changes: tuple[FieldChange, ...]
    json_id: str = ""
    data: Mapping[str, Any] | None = None


class FormsClient:
    """Typed calls to ``loom.forms.v1.FormsService``."""

    def __init__(self, address: str, deadline_seconds: float) -> None:
        self._client = Client(address, deadline_seconds=deadline_seconds)

    @property
    def _stub(self) -> service_pb2_grpc.FormsServiceStub:
        return self._client.stub(service_pb2_grpc.FormsServiceStub)

    async def store(
        self,
        form: NodeForm,
        *,
        business_key: str,
        task_id: str,
        values: Mapping[str, Any],
        user_id: str,
        proc_inst_id: str = "",
        draft: bool = False,
    ) -> dict[str, Any]:
        """Validates and stores the node's writable values as the user's save (the form history
        names them; a read-only form stores nothing); FormDataInvalid with the field messages.
        Answers the values stored, as forms keeps them (a locked sub-table column as it was stored):
        the only form values that may reach the process. A ``draft`` is neither validated nor
        stored, only answered as it would be."""
        if form.writable == ():
            return {}
        request = service_pb2.SaveProcessDataRequest(
            json_id=form.json_id,
            business_key=business_key,
            task_id=task_id,
            data_json=orjson.dumps(dict(values), default=str).decode(),
            writable=list(form.writable or ()),
            process_instance_id=proc_inst_id,
            user_id=user_id,
            read_only=form.locked,
            locked_columns=list(form.locked_columns),
            rows_not_addable=list(form.rows_not_addable),
            rows_not_deletable=list(form.rows_not_deletable),
            draft=draft,
        )
        reply = await self._client.call(self._stub.SaveProcessData, request)
        if reply.errors or not (reply.stored or draft):
            raise FormDataInvalid(reply.errors)
        found = _json_value(reply.values_json)
        return found if isinstance(found, dict) else {}

    async def field_ids(self, json_id: str) -> tuple[str, ...]:
        """The models of a form version's fields (the keys its values are stored and sent under). A
        version a process uses is published and never edited in place: its fields are kept a while
        (``FIELDS_SECONDS``), so a submission asks forms once, to store its values."""
        cached = _fields.get(json_id)
        if cached is not None and time.monotonic() - cached[0] < FIELDS_SECONDS:
            return cached[1]
        reply = await self._client.call(
            self._stub.GetFormFields, service_pb2.GetFormFieldsRequest(json_id=json_id)
        )
        found = tuple(f.id for f in reply.fields)
        _fields[json_id] = (time.monotonic(), found)
        return found

    async def data(self, *, business_key: str, json_id: str = "") -> dict[str, Any] | None:
        """The form data stored under the business key (of that form version when given); None if none."""
        request = service_pb2.GetProcessDataRequest(business_key=business_key, json_id=json_id)
        reply = await self._client.call(self._stub.GetProcessData, request)
        if not reply.found:
            return None
        found = _json_value(reply.data_json)
        return found if isinstance(found, dict) else {}

    async def history(self, *, proc_inst_id: str, business_key: str) -> list[DataVersion]:
        """Who changed what: the instance's form saves, oldest first, each with the fields it changed."""
        request = service_pb2.GetProcessDataHistoryRequest(
            process_instance_id=proc_inst_id, business_key=business_key
        )
        reply = await self._client.call(self._stub.GetProcessDataHistory, request)
        return [
            DataVersion(
                task_id=v.task_id,
                user_id=v.user_id,
                saved_at=v.saved_at,
                changes=tuple(
                    FieldChange(c.field, c.label, _json_value(c.before_json), _json_value(c.after_json))
                    for c in v.changes
                ),
                json_id=v.json_id,
                data=_json_value(v.data_json),
            )
            for v in reply.versions
        ]


def _json_value(text: str) -> Any:
    """A value forms sent as JSON (an empty text is no value)."""
    if not text:
        return None
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return text


_clients: dict[tuple[str, int], FormsClient] = {}
# form version id -> (read at, its fields' models)
_fields: dict[str, tuple[float, tuple[str, ...]]] = {}
FIELDS_SECONDS = 300.0


def client(address: str, deadline_seconds: float = 5.0) -> FormsClient:
    """One client per address and event loop (a gRPC channel belongs to the loop that made it)."""
    key = (address, id(asyncio.get_running_loop()))
    if key not in _clients:
        _clients[key] = FormsClient(address, deadline_seconds)
    return _clients[key]


def process_values(
    fields: Collection[str], sent: Mapping[str, Any], stored: Mapping[str, Any]
) -> dict[str, Any]:
    """The variables a node's submission gives the process: of the form's ``fields`` only the values
    forms stored (``stored``), never what the client sent for them; anything else as sent."""
    return {**{k: v for k, v in sent.items() if k not in fields}, **stored}


def values_of(variables: Mapping[str, object], reserved: Sequence[str] = ()) -> dict[str, object]:
    """The submitted values without the start call's own fields."""
    return {k: v for k, v in variables.items() if k not in reserved}
