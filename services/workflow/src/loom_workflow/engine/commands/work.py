"""Work done outside a command, reported back: external tasks (Camunda's external-task API: fetch and
lock, complete, fail with retries and a retry timeout, throw a BPMN error, extend the lock, unlock),
HTTP calls made by a job worker, a job's retries set again (an incident retried), and a decision
evaluated on its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from .. import decisions
from ..agenda import variables
from ..behaviors import bpmn_errors
from ..behaviors.http import HttpCallFailed, answer_variables, matches_codes
from ..dmn import Evaluation
from ..errors import IllegalArgument, IllegalState, ObjectNotFound
from ..model import DecisionRef, HttpTask
from ..runtime import events as ev
from ..runtime.entities import DecisionDefinition, Execution, HistoricDecisionExecution, Job
from ..runtime.jobs import (
    DEADLETTER,
    EXTERNAL,
    HTTP_REQUEST,
    HttpAnswer,
    error_details,
    external_config,
    external_topic,
    live_job_type,
)

if TYPE_CHECKING:
    from ..context import CommandContext


@dataclass(frozen=True)
class LockedTask:
    """An external task as its worker receives it (Camunda's ``LockedExternalTaskDto``)."""

    id: str
    topic: str
    worker_id: str
    lock_expiration_time: datetime | None
    retries: int
    error_message: str | None
    error_details: str | None
    process_instance_id: str
    execution_id: str
    activity_id: str
    process_definition_id: str
    process_definition_key: str
    business_key: str | None
    tenant_id: str
    create_time: datetime | None
    variables: dict[str, object]


def _external_job(ctx: CommandContext, job_id: str, worker_id: str | None) -> Job:
    """The external job ``job_id`` (its instance loaded), held by ``worker_id`` when one is given."""
    job = ctx.session.job(job_id)
    if job is None or job.job_type not in (EXTERNAL, DEADLETTER) or not external_topic(job):
        raise ObjectNotFound(f"External task with id {job_id} does not exist")
    if worker_id is not None and job.lock_owner != worker_id:
        raise IllegalState(
            f"External Task {job_id} cannot be handled by worker '{worker_id}'. "
            f"It is locked by worker '{job.lock_owner}'."
        )
    return job


@dataclass(frozen=True)
class ReadLockedTask:
    """A locked external task with the variables its worker asked for (all when ``names`` is None);
    None when it was completed or unlocked meanwhile."""

    job_id: str
    worker_id: str
    names: Sequence[str] | None = None

    def execute(self, ctx: CommandContext) -> LockedTask | None:
        """Reads the task and its instance's variables (nothing is written)."""
        job = ctx.session.job(self.job_id)
        if job is None or job.lock_owner != self.worker_id:
            return None
        execution = ctx.session.execution(job.execution_id)
        instance = ctx.session.execution(execution.proc_inst_id)
        visible = variables.visible(ctx, execution)
        if self.names is not None:
            visible = {n: visible[n] for n in self.names if n in visible}
        return LockedTask(
            id=job.id,
            topic=external_topic(job),
            worker_id=self.worker_id,
            lock_expiration_time=job.lock_expiration_time,
            retries=job.retries,
            error_message=job.exception_message,
            error_details=error_details(job),
            process_instance_id=job.proc_inst_id,
            execution_id=job.execution_id,
            activity_id=job.element_id,
            process_definition_id=job.proc_def_id,
            process_definition_key=ctx.session.definition(job.proc_def_id).key,
            business_key=instance.business_key,
            tenant_id=job.tenant_id,
            create_time=job.create_time,
            variables=dict(visible),
        )


@dataclass(frozen=True)
class LockExternalTasks:
    """Locks up to ``limit`` free external tasks of ``topics`` (topic -> lock seconds) for a worker;
    the ids locked. Run alone: the rows are locked without taking any instance's lock."""

    worker_id: str
    topics: Mapping[str, float]
    limit: int

    def execute(self, ctx: CommandContext) -> list[str]:
        """Asks the store."""
        return [
            j.id
            for j in ctx.session.tx.lock_external_jobs(self.worker_id, self.topics, self.limit, ctx.now())
        ]


def _set(
    ctx: CommandContext, execution: Execution, values: Mapping[str, object], local: Mapping[str, object]
) -> None:
    variables.set_variables(ctx, execution, values)
    for name, value in local.items():
        variables.set_local(ctx, execution, name, value)


@dataclass(frozen=True)
class CompleteExternalTask:
    """The worker finished: its variables are set (``local`` ones on the task's execution) and the
    process leaves the task."""

    job_id: str
    worker_id: str
    variables: Mapping[str, object] = field(default_factory=dict)
    local_variables: Mapping[str, object] = field(default_factory=dict)

    def execute(self, ctx: CommandContext) -> None:
        """Deletes the job and leaves the activity."""
        job = _external_job(ctx, self.job_id, self.worker_id)
        if job.job_type == DEADLETTER:
            raise IllegalState(f"External task {self.job_id} has an incident: set its retries first")
        execution = ctx.session.execution(job.execution_id)
        _set(ctx, execution, self.variables, self.local_variables)
        ctx.session.delete(job)
        ctx.emit(ev.JOB_EXECUTION_SUCCESS, execution, job_id=job.id)
        ctx.agenda.plan_trigger(execution)


@dataclass(frozen=True)
class FailExternalTask:
    """The worker failed: ``retries`` left (0: an incident, the task is not fetched until its retries
    are set again), fetchable again after ``retry_timeout_ms``; the message and details are kept."""

    job_id: str
    worker_id: str
    message: str | None
    details: str | None = None
    retries: int = 0
    retry_timeout_ms: int = 0

    def execute(self, ctx: CommandContext) -> Job:
        """Updates the job."""
        if self.retries < 0 or self.retry_timeout_ms < 0:
            raise IllegalArgument("retries and retryTimeout must not be negative")
        job = _external_job(ctx, self.job_id, self.worker_id)
        job.retries = self.retries
        job.exception_message = (self.message or "")[:4000] or None
        job.handler_config = external_config(external_topic(job), (self.details or "")[:100_000] or None)
        job.lock_owner = None
        job.lock_expiration_time = None
        job.due_date = (
            ctx.now() + timedelta(milliseconds=self.retry_timeout_ms) if self.retry_timeout_ms else None
        )
        if job.retries == 0:
            job.job_type = DEADLETTER
        ctx.emit(
            ev.JOB_EXECUTION_FAILURE,
            ctx.session.get(Execution, job.execution_id),
            job_id=job.id,
            message=(self.message or "")[:200],
        )
        return job


@dataclass(frozen=True)
class ThrowExternalBpmnError:
    """The worker threw a BPMN error: an error boundary event of the task (or of an enclosing
    sub-process) catching ``code`` takes the process on; refused when none does."""

    job_id: str
    worker_id: str
    code: str
    message: str | None = None
    variables: Mapping[str, object] = field(default_factory=dict)

    def execute(self, ctx: CommandContext) -> None:
        """Sets the variables, then throws the error at the task."""
        if not self.code.strip():
            raise IllegalArgument("errorCode must not be empty")
        job = _external_job(ctx, self.job_id, self.worker_id)
        execution = ctx.session.execution(job.execution_id)
        variables.set_variables(ctx, execution, self.variables)
        bpmn_errors.throw(ctx, execution, self.code, self.message)


@dataclass(frozen=True)
class ExtendExternalLock:
    """The worker needs longer: its lock now ends ``duration_ms`` from now (not after it expired)."""

    job_id: str
    worker_id: str
    duration_ms: int

    def execute(self, ctx: CommandContext) -> None:
        """Moves the lock's end."""
        if self.duration_ms <= 0:
            raise IllegalArgument("newDuration must be positive")
        job = _external_job(ctx, self.job_id, self.worker_id)
        if job.lock_expiration_time is None or job.lock_expiration_time < ctx.now():
            raise IllegalState(f"Lock of external task {self.job_id} has expired: it cannot be extended")
        job.lock_expiration_time = ctx.now() + timedelta(milliseconds=self.duration_ms)


@dataclass(frozen=True)
class UnlockExternalTask:
    """Frees a locked external task (an administrator, or a worker giving it back)."""

    job_id: str

    def execute(self, ctx: CommandContext) -> None:
        """Clears the lock."""
        job = _external_job(ctx, self.job_id, None)
        job.lock_owner = None
        job.lock_expiration_time = None


@dataclass(frozen=True)
class SetJobRetries:
    """Sets a job's retries (an incident retried from the monitor): a dead letter becomes live again,
    an external task fetchable at once."""

    job_id: str
    retries: int = 1

    def execute(self, ctx: CommandContext) -> Job:
        """Updates the job."""
        if self.retries < 1:
            raise IllegalArgument("retries must be at least 1")
        job = ctx.session.job(self.job_id)
        if job is None:
            raise ObjectNotFound(f"No job found with id '{self.job_id}'")
        if job.job_type == DEADLETTER:
            job.job_type = live_job_type(job)
        job.retries = self.retries
        job.lock_owner = None
        job.lock_expiration_time = None
        if job.job_type == EXTERNAL:
            job.due_date = None
        return job


@dataclass(frozen=True)
class CompleteHttpCall:
    """The worker of an HTTP job reports the answer (or that there was none). The answer's variables
    are set; a status in ``handleStatusCodes`` throws the BPMN error ``HTTP<status>``, one in
    ``failStatusCodes`` (or no answer, unless ``ignoreException``) fails the job. False when the job no
    longer exists (its activity ended meanwhile)."""

    job_id: str
    answer: HttpAnswer

    def execute(self, ctx: CommandContext) -> bool:
        """Maps the answer and leaves the task."""
        job = ctx.session.job(self.job_id)
        if job is None or job.handler_type != HTTP_REQUEST or job.job_type != "message":
            return False
        execution = ctx.session.execution(job.execution_id)
        node = ctx.node(execution)
        if not isinstance(node, HttpTask):
            raise IllegalState(f"Job {job.id} is not at an HTTP task")
        answer = self.answer
        if answer.error is not None or answer.status is None:
            if not node.http.ignore_exception:
                raise HttpCallFailed(answer.error or "no answer")
        else:
            scope = variables.visible(ctx, execution)
            variables.set_variables(ctx, execution, answer_variables(node, answer, scope))
            if answer.status >= 300 and matches_codes(answer.status, node.http.handle_status_codes):
                ctx.session.delete(job)
                bpmn_errors.throw(ctx, execution, f"HTTP{answer.status}", answer.reason)
                return True
            if answer.status >= 300 and matches_codes(answer.status, node.http.fail_status_codes):
                raise HttpCallFailed(f"HTTP{answer.status}")
        ctx.session.delete(job)
        ctx.emit(ev.JOB_EXECUTION_SUCCESS, execution, job_id=job.id)
        ctx.agenda.plan_trigger(execution)
        return True


@dataclass(frozen=True)
class DecisionOutcome:
    """A decision evaluated on its own: its definition, results and the history row."""

    definition: DecisionDefinition
    evaluation: Evaluation
    record: HistoricDecisionExecution


@dataclass(frozen=True)
class EvaluateDecision:
    """Evaluates the deployed decision ``key`` (latest, or ``version``) with ``variables``, recorded
    in the decision history without an instance (Flowable's ``DmnDecisionService.execute``)."""

    key: str
    variables: Mapping[str, object] = field(default_factory=dict)
    version: int | None = None
    tenant_id: str = ""

    def execute(self, ctx: CommandContext) -> DecisionOutcome:
        """Finds, evaluates and records the decision."""
        binding = "version" if self.version is not None else "latest"
        ref = DecisionRef(key=self.key, binding=binding, version=self.version)
        definition = decisions.find(ctx, ref, tenant_id=self.tenant_id)
        done = decisions.evaluate(ctx, definition, self.variables)
        return DecisionOutcome(done.definition, done.evaluation, done.record)
