"""The engine: runs commands against a store, one transaction each."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from . import commands as c
from .agenda.agenda import Agenda
from .clock import Clock, IdGenerator, SystemClock, UuidIdGenerator
from .context import CommandContext, EngineConfig
from .errors import UnsupportedFeature
from .hooks import DefaultAssignmentResolver, NeedsPrefetch, Registry, TaskAssignmentResolver
from .runtime.entities import Execution, IdentityLink, Job, ProcessDefinition, Task
from .runtime.jobs import HTTP_REQUEST, HttpAnswer
from .session import Session
from .store.protocol import EngineStore, StoreTx

T = TypeVar("T")


class Engine:
    """Entry point. Thread-safe as long as the store is; run it in a worker thread from async code."""

    def __init__(
        self,
        store: EngineStore,
        *,
        clock: Clock | None = None,
        ids: IdGenerator | None = None,
        registry: Registry | None = None,
        resolver: TaskAssignmentResolver | None = None,
        http_transport: Callable[[Mapping[str, object]], HttpAnswer] | None = None,
    ) -> None:
        self.store = store
        self.config = EngineConfig(
            clock=clock or SystemClock(),
            ids=ids or UuidIdGenerator(),
            registry=registry or Registry(),
            resolver=resolver or DefaultAssignmentResolver(),
            http_transport=http_transport,
        )

    def execute(self, command: c.Command[T], *, user_id: str | None = None, dry_run: bool = False) -> T:
        """Runs ``command`` in one transaction: load, run the agenda, write the change set. A dry run
        writes nothing: the command's answer tells what it would have done (a migration's dry run)."""
        with self.store.transaction() as tx:
            session = Session(tx)
            ctx = CommandContext(session, self.config, user_id, agenda=Agenda)
            try:
                result = command.execute(ctx)
                ctx.agenda.run()
                changes = session.flush()
            finally:
                ctx.release()
            changes.actor = user_id
            if not changes.is_empty() and not dry_run:
                tx.write(changes)
        return result

    # ----------------------------------------------------------- conveniences
    def deploy(
        self,
        resources: Mapping[str, str | bytes],
        *,
        name: str | None = None,
        category: str | None = None,
        tenant_id: str = "",
    ) -> c.Deployed:
        """Deploys BPMN resources (file name -> XML)."""
        return self.execute(c.Deploy(resources, name=name, category=category, tenant_id=tenant_id))

    def start_process(
        self,
        key: str,
        *,
        business_key: str | None = None,
        variables: Mapping[str, object] | None = None,
        user_id: str | None = None,
    ) -> Execution:
        """Starts the latest, non-suspended version of ``key``."""
        return self.execute(
            c.StartProcess(key=key, business_key=business_key, variables=dict(variables or {})),
            user_id=user_id,
        )

    def complete_task(
        self, task_id: str, variables: Mapping[str, object] | None = None, *, user_id: str | None = None
    ) -> Task:
        """Completes a task."""
        return self.execute(c.CompleteTask(task_id, dict(variables or {})), user_id=user_id)

    def claim(self, task_id: str, user_id: str | None) -> Task:
        """Claims (or, with None, unclaims) a task."""
        return self.execute(c.ClaimTask(task_id, user_id), user_id=user_id)

    def set_assignee(self, task_id: str, user_id: str | None, *, actor: str | None = None) -> Task:
        """Transfers a task."""
        return self.execute(c.SetAssignee(task_id, user_id), user_id=actor)

    def delegate(self, task_id: str, user_id: str, *, actor: str | None = None) -> Task:
        """Delegates a task (owner keeps it, delegation PENDING)."""
        return self.execute(c.DelegateTask(task_id, user_id), user_id=actor)

    def resolve(
        self, task_id: str, variables: Mapping[str, object] | None = None, *, actor: str | None = None
    ) -> Task:
        """Hands a delegated task back to its owner."""
        return self.execute(c.ResolveTask(task_id, dict(variables or {})), user_id=actor)

    def add_candidates(
        self, task_id: str, user_ids: Sequence[str] = (), group_ids: Sequence[str] = ()
    ) -> list[IdentityLink]:
        """Adds candidate users / groups."""
        return self.execute(c.AddCandidates(task_id, tuple(user_ids), tuple(group_ids)))

    def trigger(self, execution_id: str, variables: Mapping[str, object] | None = None) -> None:
        """Signals a receive task."""
        self.execute(c.TriggerExecution(execution_id, dict(variables or {})))

    def delete_process_instance(
        self, proc_inst_id: str, reason: str | None = None, *, actor: str | None = None
    ) -> None:
        """Stops / revokes an instance."""
        self.execute(c.DeleteProcessInstance(proc_inst_id, reason), user_id=actor)

    def suspend_definition(self, definition_id: str) -> ProcessDefinition:
        """Suspends a definition."""
        return self.execute(c.SetDefinitionSuspended(definition_id, True))

    def activate_definition(self, definition_id: str) -> ProcessDefinition:
        """Activates a definition."""
        return self.execute(c.SetDefinitionSuspended(definition_id, False))

    def back_nodes(self, task_id: str) -> list[c.BackNode]:
        """Nodes the task may be sent back to."""
        return self.execute(c.BackNodes(task_id))

    def execute_job(self, job_id: str) -> bool:
        """Runs a job idempotently. On failure the retries are counted in a new transaction and the
        error is re-raised. An HTTP job's call is made by ``config.http_transport`` between two
        transactions (read the request; report the answer)."""
        job = self.read(lambda tx: tx.get_job(job_id))
        if job is not None and job.handler_type == HTTP_REQUEST and job.job_type == "message":
            return self._http_job(job)
        try:
            return self.execute(c.ExecuteJob(job_id))
        except NeedsPrefetch:
            raise  # not the job's failure: its runner fetches the answers and runs it again
        except Exception as exc:
            self.execute(c.RecordJobFailure(job_id, f"{type(exc).__name__}: {exc}"))
            raise

    def _http_job(self, job: Job) -> bool:
        transport = self.config.http_transport
        if transport is None:
            self.execute(c.RecordJobFailure(job.id, "UnsupportedFeature: no HTTP transport is configured"))
            raise UnsupportedFeature("HTTP tasks need a transport: none is configured")
        return self.complete_http_job(job.id, transport(json.loads(job.handler_config or "{}")))

    def complete_http_job(self, job_id: str, answer: HttpAnswer) -> bool:
        """Reports an HTTP job's answer (``CompleteHttpCall``); a failure counts a retry of the job, in
        a new transaction, and is re-raised."""
        try:
            return self.execute(c.CompleteHttpCall(job_id, answer))
        except NeedsPrefetch:
            raise  # not the call's failure: its runner fetches the answers and reports again
        except Exception as exc:
            self.execute(c.RecordJobFailure(job_id, f"{type(exc).__name__}: {exc}"))
            raise

    def read(self, fn: Callable[[StoreTx], T]) -> T:
        """Runs a read in a transaction of its own (no instance lock)."""
        with self.store.transaction() as tx:
            return fn(tx)

    def fetch_and_lock(
        self,
        worker_id: str,
        topics: Mapping[str, float],
        *,
        max_tasks: int = 10,
        variables: Sequence[str] | None = None,
    ) -> list[c.LockedTask]:
        """Locks up to ``max_tasks`` external tasks of ``topics`` (topic -> lock seconds) for a worker,
        in a transaction of its own, then reads each with its variables (all, or ``variables``)."""
        ids = self.execute(c.LockExternalTasks(worker_id, dict(topics), max_tasks))
        found = [self.execute(c.ReadLockedTask(i, worker_id, variables)) for i in ids]
        return [t for t in found if t is not None]

    def executable_job_ids(self, limit: int = 100) -> list[str]:
        """Jobs that can run now."""
        return self.execute(c.ExecutableJobIds(limit))

    def run_due_jobs(self, max_jobs: int = 10_000) -> int:
        """Runs executable jobs until none is left (tests, single-process setups). Returns how many ran."""
        ran = 0
        while ran < max_jobs:
            progressed = False
            for job_id in self.executable_job_ids(100):
                if self.execute_job(job_id):
                    ran += 1
                    progressed = True
            if not progressed:
                return ran
        return ran
