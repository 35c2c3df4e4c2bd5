"""What the log routes answer."""

from __future__ import annotations

from pydantic import Field

from loom_platform.wire import Answer


class OfficeName(Answer):
    """The company or department of the one who acted, by name."""

    name: str | None


class Actor(Answer):
    """Who acted: id, name, login name, company and department."""

    id: str | None
    name: str | None
    login_name: str | None
    company_dto: OfficeName = Field(alias="companyDTO")
    office_dto: OfficeName = Field(alias="officeDTO")


class LogPublic(Answer):
    """A log row: what was done (title in the caller's language), by whom, from where, with what
    result; ``before``/``after`` hold the changed fields (JSON text)."""

    id: str
    type: str
    title: str | None
    service: str | None
    remote_addr: str | None
    user_agent: str | None
    request_uri: str | None
    request_type: str | None
    method: str | None
    params: str | None
    record_ids: str | None
    before: str | None
    after: str | None
    labels: str | None
    result: str | None
    exception: str | None
    record_time: int | None
    create_date: str = Field(description="ISO 8601 with its offset")
    create_by: Actor
