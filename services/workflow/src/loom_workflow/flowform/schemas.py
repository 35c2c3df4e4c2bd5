"""What the Flowable form routes answer: form properties as Flowable's ``FormProperty`` JSON."""

from __future__ import annotations

from typing import Any

from loom_platform.wire import Answer


class FormTypeInformation(Answer):
    """What a property's type adds: an enum's values (id → label), a date's pattern."""

    values: dict[str, str] | None = None
    date_pattern: str | None = None


class FormPropertyType(Answer):
    """A property's type (``string``, ``long``, ``enum``, ``date``…) and what it adds."""

    name: str
    information: FormTypeInformation | None = None


class FormPropertyPublic(Answer):
    """A form property with its value as text (the default while the instance wrote none)."""

    id: str
    name: str
    type: FormPropertyType
    value: str | None
    readable: bool
    writable: bool
    required: bool


class StartFormData(Answer):
    """The start event's form properties with their defaults."""

    start_form_data: list[FormPropertyPublic]


class TaskFormData(Answer):
    """The task node's form properties with the instance's current values."""

    task_form_data: list[FormPropertyPublic]


class HistoryFormValue(Answer):
    """A readable property of a node with the value the instance last wrote (JeePlus's shape)."""

    id: str
    name: str
    value: Any
    readable: bool


class HistoryFormData(Answer):
    """A node's readable properties with the values the instance wrote."""

    task_form_data: list[HistoryFormValue]
