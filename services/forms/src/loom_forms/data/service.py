"""Process form data: validated against the definition version, one document per business key."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_form_rules import fields as form_fields
from loom_form_rules import validate
from loom_forms.common import publish, touch
from loom_forms.data.models import ProcessFormData, ProcessFormSubmission
from loom_forms.definition import service as definition_service
from loom_platform.errors import InvalidArgument


@dataclass
class Outcome:
    """What a save did: stored (now or earlier for the same task), or the field errors."""

    stored: bool
    data_id: str = ""
    errors: dict[str, str] = field(default_factory=dict)


async def definition_fields(session: AsyncSession, json_id: str) -> tuple[Any, list[Any]]:
    """A version and the fields of its JSON."""
    version = await definition_service.get_version(session, json_id)
    return version, form_fields(definition_service.parse_json(version.json_body))


async def save(
    session: AsyncSession,
    *,
    json_id: str,
    business_key: str,
    task_id: str,
    values: Mapping[str, Any],
    writable: Sequence[str] = (),
    process_instance_id: str = "",
    lang: str | None = None,
) -> Outcome:
    """Validates the writable fields and merges them into the business key's document, once per task."""
    if not business_key or not task_id:
        raise InvalidArgument("validation_failed", field="businessKey/taskId", detail="required")
    done = (
        (
            await session.execute(
                select(ProcessFormSubmission).where(ProcessFormSubmission.task_id == task_id)
            )  # type: ignore[arg-type]
        )
        .scalars()
        .first()
    )
    if done is not None:
        return Outcome(stored=True, data_id=done.data_id)
    version, fields = await definition_fields(session, json_id)
    models = {f.model for f in fields}
    allowed = set(writable) & models if writable else models
    definition = definition_service.parse_json(version.json_body)
    errors = validate(definition, values, lang, only=allowed)
    if errors:
        return Outcome(stored=False, errors=errors)
    document = await _document(session, json_id, business_key, process_instance_id)
    document.data = {**document.data, **{k: v for k, v in values.items() if k in allowed}}
    touch(document, created=False)
    session.add(document)
    await session.flush()
    submission = ProcessFormSubmission(task_id=task_id, data_id=document.id, fields=sorted(allowed))
    touch(submission, created=True)
    session.add(submission)
    await session.flush()
    publish(session, "processData", document.id, "saved", business_key)
    return Outcome(stored=True, data_id=document.id)


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
