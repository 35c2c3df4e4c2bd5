from __future__ import annotations

from pydantic import ConfigDict

from loom_platform.paging import Page
from loom_platform.wire import Answer, WireModel


class ModelCreate(WireModel):
    """``POST /app/rest/models``: a new, empty model."""

    model_type: int = 0
    key: str
    name: str
    description: str | None = None
    category: str | None = None


class ModelDefinition(Answer):
    """A model's latest deployed version (a process definition, or a decision: no category, never
    suspended); none of its keys while the model was never deployed."""

    id: str | None = None
    key: str | None = None
    name: str | None = None
    version: int | None = None
    category: str | None = None
    suspended: bool | None = None
    deployment_id: str | None = None


class ModelPublic(Answer):
    """A model as the model list and the designer read it (``modelType`` 0 a process, 4 a
    decision), with its latest deployed version; times in ISO 8601."""

    model_config = ConfigDict(protected_namespaces=())

    id: str
    key: str
    name: str
    description: str | None
    category: str | None
    model_type: int
    version: int
    comment: str | None
    created: str | None
    created_by: str | None
    last_updated: str | None
    last_updated_by: str | None
    proc_def: ModelDefinition


class ModelPage(Page[ModelPublic]):
    """A page of models of one type."""


class ModelXml(Answer):
    """The model's XML, where the Flowable modeler reads it."""

    bpmn_xml: str | None


class ModelEditor(ModelPublic):
    """The model for the designer: its XML (also under ``model``) and ``lastUpdated``, sent back on
    save to detect a conflicting change."""

    model_id: str
    bpmn_xml: str | None
    model: ModelXml
