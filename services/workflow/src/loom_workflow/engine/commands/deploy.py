"""Deploying BPMN and DMN resources: each executable process, and each decision of a DMN file, becomes
the next version of its key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..dmn import parse_dmn
from ..errors import BpmnParseError, DecisionError
from ..model import parse_bpmn
from ..runtime.entities import DecisionDefinition, Deployment, ProcessDefinition

DMN_SUFFIXES = (".dmn", ".dmn.xml", ".dmn11.xml", ".dmn13.xml")


def is_dmn(resource_name: str) -> bool:
    """True for a resource deployed as decisions (by its name, as Flowable tells them apart)."""
    return resource_name.lower().endswith(DMN_SUFFIXES)


if TYPE_CHECKING:
    from ..context import CommandContext


@dataclass(frozen=True)
class Deployed:
    """The deployment row and the definitions it created."""

    deployment: Deployment
    definitions: list[ProcessDefinition]
    decisions: list[DecisionDefinition] = field(default_factory=list)


@dataclass(frozen=True)
class Deploy:
    """Deploys ``resources`` (file name -> BPMN or, for ``*.dmn``, DMN XML) in one deployment."""

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
        decisions: list[DecisionDefinition] = []
        seen: set[str] = set()
        for resource_name, xml in self.resources.items():
            text = xml.decode("utf-8") if isinstance(xml, bytes) else xml
            if is_dmn(resource_name):
                decisions += self._decisions(ctx, deployment, resource_name, text)
                continue
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
        return Deployed(deployment, definitions, decisions)

    def _decisions(
        self, ctx: CommandContext, deployment: Deployment, resource_name: str, text: str
    ) -> list[DecisionDefinition]:
        """One definition per decision of a DMN file, each the next version of its key."""
        out: list[DecisionDefinition] = []
        for decision in parse_dmn(text).decisions.values():
            if any(d.key == decision.id for d in out):
                raise DecisionError(f"Decision key '{decision.id}' appears twice in one deployment")
            latest = ctx.session.find_decision(decision.id, tenant_id=self.tenant_id)
            version = 1 if latest is None else latest.version + 1
            out.append(
                ctx.session.insert(
                    DecisionDefinition(
                        id=f"{decision.id}:{version}:{ctx.new_id()}",
                        key=decision.id,
                        version=version,
                        name=decision.name,
                        deployment_id=deployment.id,
                        resource_name=resource_name,
                        version_tag=decision.version_tag,
                        decision_type=type(decision.logic).__name__[0].lower()
                        + type(decision.logic).__name__[1:],
                        dmn_xml=text,
                        tenant_id=self.tenant_id,
                    )
                )
            )
        return out
