"""Per-command state: the session, the agenda, the engine configuration and the acting user."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from .clock import Clock, IdGenerator
from .dmn import DmnDefinitions, parse_dmn
from .errors import EngineError
from .hooks import Registry, TaskAssignmentResolver
from .model import FlowNode, ProcessModel, parse_bpmn
from .ports import AgendaPort
from .runtime.entities import DecisionDefinition, Execution, HistoricActivityInstance, ProcessDefinition
from .runtime.events import EngineEvent
from .runtime.jobs import HttpAnswer
from .session import Session


class ModelCache:
    """Parsed models by definition id (definitions never change once deployed)."""

    def __init__(self, limit: int = 512) -> None:
        self._models: dict[str, ProcessModel] = {}
        self._limit = limit
        self._lock = threading.Lock()

    def get(self, definition: ProcessDefinition) -> ProcessModel:
        """The parsed model of ``definition``."""
        with self._lock:
            found = self._models.get(definition.id)
        if found is not None:
            return found
        models = [m for m in parse_bpmn(definition.bpmn_xml) if m.id == definition.key]
        if not models:
            raise EngineError(f"Process '{definition.key}' not found in the XML of {definition.id}")
        with self._lock:
            if len(self._models) >= self._limit:
                self._models.pop(next(iter(self._models)))
            self._models[definition.id] = models[0]
        return models[0]


class DecisionCache:
    """Parsed DMN files by decision definition id (deployed decisions never change)."""

    def __init__(self, limit: int = 256) -> None:
        self._parsed: dict[str, DmnDefinitions] = {}
        self._limit = limit
        self._lock = threading.Lock()

    def get(self, definition: DecisionDefinition) -> DmnDefinitions:
        """The parsed DMN file of ``definition``."""
        with self._lock:
            found = self._parsed.get(definition.id)
        if found is not None:
            return found
        parsed = parse_dmn(definition.dmn_xml)
        with self._lock:
            if len(self._parsed) >= self._limit:
                self._parsed.pop(next(iter(self._parsed)))
            self._parsed[definition.id] = parsed
        return parsed


@dataclass
class EngineConfig:
    """Everything the engine core is configured with."""

    clock: Clock
    ids: IdGenerator
    registry: Registry
    resolver: TaskAssignmentResolver
    models: ModelCache = field(default_factory=ModelCache)
    decisions: DecisionCache = field(default_factory=DecisionCache)
    default_job_retries: int = 3
    # Makes an HTTP job's call for :meth:`Engine.execute_job` (tests, one-process runs); the service's
    # job workers make it themselves, asynchronously, and report with CompleteHttpCall.
    http_transport: Callable[[Mapping[str, object]], HttpAnswer] | None = None


class CommandContext:
    """What a command and the operations it plans work against."""

    def __init__(
        self,
        session: Session,
        config: EngineConfig,
        user_id: str | None,
        *,
        agenda: Callable[[CommandContext], AgendaPort],
    ) -> None:
        self.session = session
        self.config = config
        self.user_id = user_id
        # made by the engine (agenda/ implements the port; this module does not import it)
        self.agenda = agenda(self)
        self._order = 0

    def release(self) -> None:
        """Ends the command: drops the agenda, whose reference back to this context made the command's
        whole graph (session, rows, snapshots, events) a cycle that only the cyclic collector frees. An
        API process then paused 25-65 ms every few seconds to collect ~100 objects per command."""
        del self.agenda

    def now(self) -> datetime:
        """The engine clock."""
        return self.config.clock.now()

    def new_id(self) -> str:
        """A new row id."""
        return self.config.ids.next_id()

    def next_order(self) -> int:
        """Increasing order of activity-history rows, continuing from the highest loaded one."""
        if self._order == 0:
            loaded = self.session.all(HistoricActivityInstance)
            self._order = max(
                self.session.activity_order, max((a.transaction_order for a in loaded), default=0)
            )
        self._order += 1
        return self._order

    def model(self, proc_def_id: str) -> ProcessModel:
        """The parsed model of a definition."""
        return self.config.models.get(self.session.definition(proc_def_id))

    def node(self, execution: Execution) -> FlowNode:
        """The node an execution sits at."""
        if execution.activity_id is None:
            raise EngineError(f"Execution {execution.id} is not at an activity")
        return self.model(execution.proc_def_id).node(execution.activity_id)

    def emit(self, type_: str, execution: Execution | None = None, **data: object) -> None:
        """Records an engine event."""
        activity_id = data.pop("activity_id", execution.activity_id if execution else None)
        activity_type = data.pop("activity_type", None)
        task_id = data.pop("task_id", None)
        self.session.events.append(
            EngineEvent(
                type=type_,
                time=self.now(),
                proc_inst_id=execution.proc_inst_id if execution else _str(data.pop("proc_inst_id", None)),
                execution_id=execution.id if execution else None,
                proc_def_id=execution.proc_def_id if execution else None,
                activity_id=_str(activity_id),
                activity_type=_str(activity_type),
                task_id=_str(task_id),
                data=data,
            )
        )


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None
