"""Starting process instances."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..agenda.instances import start_instance
from ..errors import ObjectNotFound, Suspended
from ..runtime.entities import Execution, ProcessDefinition

if TYPE_CHECKING:
    from ..context import CommandContext


def _startable(definition: ProcessDefinition) -> ProcessDefinition:
    if definition.suspended:
        raise Suspended(
            f"Cannot start process instance. Process definition {definition.name or definition.key} "
            f"(id = {definition.id}) is suspended"
        )
    return definition


@dataclass(frozen=True)
class StartProcess:
    """Starts the latest version of ``key`` (or the definition ``definition_id``).

    The acting user (``Engine.execute(..., user_id=)``) becomes the start user and the value of the
    start event's ``flowable:initiator`` variable.
    """

    key: str | None = None
    definition_id: str | None = None
    business_key: str | None = None
    variables: Mapping[str, object] = field(default_factory=dict)
    name: str | None = None
    tenant_id: str = ""

    def execute(self, ctx: CommandContext) -> Execution:
        """Creates the instance and runs it to its first wait states."""
        if self.definition_id is not None:
            definition = ctx.session.definition(self.definition_id)
        elif self.key is not None:
            found = ctx.session.find_definition(self.key, tenant_id=self.tenant_id)
            if found is None:
                raise ObjectNotFound(f"no processes deployed with key '{self.key}'")
            definition = found
        else:
            raise ObjectNotFound("StartProcess needs a key or a definition id")
        instance = start_instance(
            ctx,
            _startable(definition),
            business_key=self.business_key,
            variables_=dict(self.variables),
            start_user_id=ctx.user_id,
            name=self.name,
        )
        ctx.agenda.run()
        return instance
