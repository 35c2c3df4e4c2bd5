"""The monitor's incidents."""

from __future__ import annotations

from loom_platform.wire import WireModel


class Incident(WireModel):
    """A job out of retries: where (instance, activity), what kind, and its error."""

    id: str
    type: str  # failedExternalTask | failedHttpCall | failedJob
    process_instance_id: str
    process_definition_id: str
    activity_id: str
    activity_name: str | None
    message: str | None
    topic_name: str | None
    create_time: str | None


class IncidentList(WireModel):
    """Incidents, newest first."""

    data: list[Incident]
