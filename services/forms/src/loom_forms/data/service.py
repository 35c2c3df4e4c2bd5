"""Process form data: validated against the definition version, one document per business key."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import and_, or_, select
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_form_rules import validate
from loom_form_rules.record import SUB_TABLE
from loom_forms.common import publish, touch
from loom_forms.data.models import ProcessFormData, ProcessFormSubmission
from loom_forms.data.rows import RowRights
from loom_forms.definition import service as definition_service
from loom_forms.errors import FieldInvalid


@dataclass
class Outcome:
    """What a save did: stored (now or earlier for the same task), or the field errors; ``values``
    are the fields it wrote as stored (locked sub-table columns as they were, rows with their ids)."""

    stored: bool
    data_id: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)


async def save(
    session: AsyncSession,
    *,
    json_id: str,
    business_key: str,
    task_id: str,
    values: Mapping[str, Any],
    writable: Sequence[str] = (),
    process_instance_id: str = "",
    user_id: str = "",
    read_only: bool = False,
    rows: RowRights | None = None,
    lang: str | None = None,
    draft: bool = False,
) -> Outcome:
    """Validates the writable fields and merges them into the business key's document, once per task;
    the save is kept as a version of the history with the fields it changed.

    A read-only node form stores nothing from the client, whatever its writable list says; ``rows``
    are the node's rights on sub-table rows (locked columns keep their stored values). A ``draft``
    (the task's 保存) is neither validated nor stored: the answer is the values as they would be."""
    if not business_key or not task_id:
        raise FieldInvalid(field="businessKey/taskId", detail="required")
    done = None if draft else await _submission(session, task_id)
    if done is not None:
        if process_instance_id and not done.process_instance_id:
            # A start's data is stored before its instance exists; the same call repeated once the
            # instance has started names it, so the history of a reused business key stays its own.
            done.process_instance_id = process_instance_id
            session.add(done)
            await session.flush()
        return Outcome(stored=True, data_id=done.data_id, values=await _written_by(session, done))
    if read_only:
        existing = await read(session, business_key, json_id)
        return Outcome(stored=True, data_id=existing.id if existing is not None else "")
    form = await definition_service.fields_of(session, json_id)
    labels = {f.model: f.name for f in form.fields}
    allowed = set(writable) & labels.keys() if writable else set(labels)
    document = await _document(session, json_id, business_key, process_instance_id)
    written = {k: v for k, v in values.items() if k in allowed}
    tables = {f.model: f.name for f in form.fields if f.type == SUB_TABLE and f.model in written}
    refused = (rows or RowRights()).apply(tables, document.data, written, lang)
    if draft:
        return Outcome(stored=False, errors=refused, values=written)
    errors = refused or validate(
        definition_service.parse_json(form.version.json_body), written, lang, only=allowed
    )
    if errors:
        return Outcome(stored=False, errors=errors)
    changes = [
        {"field": k, "label": labels[k], "before": document.data.get(k), "after": v}
        for k, v in written.items()
        if document.data.get(k) != v
    ]
    document.data = {**document.data, **written}
    document.process_instance_id = document.process_instance_id or process_instance_id or None
    touch(document, created=False)
    session.add(document)
    await session.flush()
    submission = ProcessFormSubmission(
        task_id=task_id,
        data_id=document.id,
        fields=sorted(allowed),
        user_id=user_id or None,
        process_instance_id=process_instance_id or None,
        changes=changes,
    )
    touch(submission, created=True)
    session.add(submission)
    await session.flush()
    publish(session, "processData", document.id, "saved", business_key)
    return Outcome(stored=True, data_id=document.id, values=written)


async def history(
    session: AsyncSession, *, process_instance_id: str = "", business_key: str = ""
) -> list[ProcessFormSubmission]:
    """The saves of a process's form data (by instance or business key), oldest first."""
    if not process_instance_id and not business_key:
        raise FieldInvalid(field="processInstanceId/businessKey", detail="required")
    saves = select(ProcessFormSubmission)
    if process_instance_id:
        # By instance: its own saves, and saves made before it was known (an older start) of the
        # document it wrote. Never the business key's other instances.
        documents = select(ProcessFormData.id).where(
            col(ProcessFormData.process_instance_id) == process_instance_id
        )
        saves = saves.where(
            or_(
                col(ProcessFormSubmission.process_instance_id) == process_instance_id,
                and_(
                    col(ProcessFormSubmission.process_instance_id).is_(None),
                    col(ProcessFormSubmission.data_id).in_(documents),
                ),
            )
        )
    else:
        documents = select(ProcessFormData.id).where(col(ProcessFormData.business_key) == business_key)
        saves = saves.where(col(ProcessFormSubmission.data_id).in_(documents))
    stmt = saves.order_by(col(ProcessFormSubmission.create_date), col(ProcessFormSubmission.id))
    return list((await session.execute(stmt)).scalars())


@dataclass(frozen=True)
class Snapshot:
    """The whole document as a save left it: the form version it is under and its values."""

    json_id: str
    data: dict[str, Any]


async def snapshots(session: AsyncSession, saves: Sequence[ProcessFormSubmission]) -> dict[str, Snapshot]:
    """Each save's document as that save left it, by save id: the document's saves replayed from
    the start, each one's changes laid over the ones before (a save records every value it changed,
    and saves are the only writes of a document)."""
    ids = {s.data_id for s in saves}
    if not ids:
        return {}
    documents = {
        d.id: d.json_id
        for d in (
            await session.execute(select(ProcessFormData).where(col(ProcessFormData.id).in_(ids)))
        ).scalars()
    }
    every = select(ProcessFormSubmission).where(col(ProcessFormSubmission.data_id).in_(ids))
    order = (col(ProcessFormSubmission.create_date), col(ProcessFormSubmission.id))
    state: dict[str, dict[str, Any]] = {}
    out: dict[str, Snapshot] = {}
    for save in (await session.execute(every.order_by(*order))).scalars():
        data = {**state.get(save.data_id, {}), **{c["field"]: c.get("after") for c in save.changes}}
        state[save.data_id] = data
        out[save.id] = Snapshot(documents.get(save.data_id, ""), data)
    return out


async def _submission(session: AsyncSession, task_id: str) -> ProcessFormSubmission | None:
    stmt = select(ProcessFormSubmission).where(ProcessFormSubmission.task_id == task_id)  # type: ignore[arg-type]
    return (await session.execute(stmt)).scalars().first()


async def _written_by(session: AsyncSession, save: ProcessFormSubmission) -> dict[str, Any]:
    """What a save wrote, as its document holds it now (a repeated call answers the same values)."""
    document = await session.get(ProcessFormData, save.data_id)
    data = document.data if document is not None else {}
    return {k: data[k] for k in save.fields if k in data}


async def _document(
    session: AsyncSession, json_id: str, business_key: str, process_instance_id: str
) -> ProcessFormData:
    stmt = (
        select(ProcessFormData)
        .where(ProcessFormData.json_id == json_id, ProcessFormData.business_key == business_key)  # type: ignore[arg-type]
        .with_for_update()
    )
    found = (await session.execute(stmt)).scalars().first()
    if found is None:
        found = ProcessFormData(
            json_id=json_id,
            business_key=business_key,
            process_instance_id=process_instance_id or None,
            data={},
        )
        touch(found, created=True)
    return found


async def read(session: AsyncSession, business_key: str, json_id: str = "") -> ProcessFormData | None:
    """The latest document written for a business key (of one version when given)."""
    stmt = select(ProcessFormData).where(ProcessFormData.business_key == business_key)  # type: ignore[arg-type]
    if json_id:
        stmt = stmt.where(ProcessFormData.json_id == json_id)  # type: ignore[arg-type]
    stmt = stmt.order_by(ProcessFormData.update_date.desc())  # type: ignore[attr-defined]
    return (await session.execute(stmt)).scalars().first()
