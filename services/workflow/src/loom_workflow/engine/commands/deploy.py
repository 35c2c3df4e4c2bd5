"""Deploying BPMN resources: each executable process becomes the next version of its key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import BpmnParseError
from ..model import parse_bpmn
from ..runtime.entities import Deployment, ProcessDefinition

if TYPE_CHECKING:
    from ..context import CommandContext


@dataclass(frozen=True)
class Deployed:
    """The deployment row and the definitions it created."""

    deployment: Deployment
    definitions: list[ProcessDefinition]


@dataclass(frozen=True)
class Deploy:
    """Deploys ``resources`` (file name -> BPMN XML) in one deployment."""

    resources: Mapping[str, str | bytes]
    name: str | None = None
    category: str | None = None
    key: str | None = None
    tenant_id: str = ""
    extra: Mapping[str, object] = field(default_factory=dict)

    def execute(self, ctx: CommandContext) -> Deployed:
        """Parses every resource, then inserts the deployment and its definitions."""
        deployment = ctx.session.insert(
            Deployment(
                id=ctx.new_id(),
                name=self.name,
                category=self.category,
                key=self.key,
                tenant_id=self.tenant_id,
                deploy_time=ctx.now(),
            )
        )
        definitions: list[ProcessDefinition] = []
        seen: set[str] = set()
        for resource_name, xml in self.resources.items():
            text = xml.decode("utf-8") if isinstance(xml, bytes) else xml
            for model in parse_bpmn(text):
                if model.id in seen:
                    raise BpmnParseError(f"Process key '{model.id}' appears twice in one deployment")
                seen.add(model.id)
                latest = ctx.session.find_definition(model.id, tenant_id=self.tenant_id)
                version = 1 if latest is None else latest.version + 1
                definitions.append(
                    ctx.session.insert(
                        ProcessDefinition(
                            id=f"{model.id}:{version}:{ctx.new_id()}",
                            key=model.id,
                            version=version,
                            name=model.name,
                            category=self.category,
                            description=model.documentation,
                            deployment_id=deployment.id,
                            resource_name=resource_name,
                            bpmn_xml=text,
                            tenant_id=self.tenant_id,
                        )
                    )
                )
        return Deployed(deployment, definitions)
