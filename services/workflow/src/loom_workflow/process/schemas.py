"""What the definition and instance routes answer (``/flowable/process/...``, ``myApplyed``)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, RootModel

from loom_platform.paging import Page
from loom_platform.wire import Answer


class DefinitionPublic(Answer):
    """A deployed process definition (one version of a key); its deployment's time in ISO 8601."""

    id: str
    key: str
    name: str | None
    version: int
    category: str | None
    suspended: bool
    deployment_id: str
    resource_name: str | None
    description: str | None
    deployment_time: str | None


class LegacyDefinitions(Answer):
    """The same page in the JeePlus client's older paging: its rows and how many in all."""

    rows: list[DefinitionPublic] = Field(alias="list")
    count: int


class DefinitionPage(Page[DefinitionPublic]):
    """A page of definitions; asked with ``pageNo`` (the JeePlus client's 流程定义), also as
    ``{success, page: {list, count}}``."""

    success: bool | None = None
    page: LegacyDefinitions | None = None


class RequestVars(Answer):
    """The instance's title and its initiator's name, as the lists show them."""

    title: str | None
    user_name: str


class InstancePublic(Answer):
    """A process instance on a list (运行中, 历史, 我的申请): its definition, where it waits (the
    open tasks' names, or the end it reached), whether it is suspended and its status (``code`` 1
    running … 5 cancelled, ``status`` the text, ``level`` the tag's colour)."""

    id: str
    process_instance_id: str
    process_definition_id: str
    process_definition_key: str
    process_definition_name: str | None
    business_key: str | None
    start_user_id: str | None
    start_time: str | None
    end_time: str | None
    delete_reason: str | None
    activity_id: str | None
    task_name: str
    vars: RequestVars
    suspended: bool
    instance_suspended: bool
    definition_suspended: bool
    code: int
    status: str
    level: str


class InstancePage(Page[InstancePublic]):
    """A page of process instances."""


class ProcessStatus(Answer):
    """An instance's state: ``code`` (1 running, 2 completed, 3 revoked, 4 stopped or rejected,
    5 cancelled), its text in the reader's language and the tag's colour."""

    code: int
    status: str
    level: str


class FlowChart(Answer):
    """A definition's BPMN XML and, for an instance, the nodes it visited (the current ones last)
    and the flows it took."""

    bpmn_xml: str
    activity_ids: list[str]
    flows: list[str]


class ProcessVariables(RootModel[dict[str, Any]]):
    """An instance's variables by name, each its JSON value as last written (the form's values)."""
