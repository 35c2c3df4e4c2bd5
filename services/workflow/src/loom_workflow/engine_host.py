"""The engine as the service runs it: a thread pool over the PostgreSQL store.

Commands run in worker threads (the engine is synchronous); each is one transaction that locks
its instance. Engine errors come back as domain errors with zh-CN/en-US messages.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Annotated, Any, Generic, TypeVar

from fastapi import Depends

from loom_platform.appstate import app_state
from loom_workflow.collector import quiet_gc
from loom_workflow.engine import Engine, Registry
from loom_workflow.engine.commands import Command
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.errors import ConcurrentModification, EngineError
from loom_workflow.engine.hooks import JobHandler, NeedsPrefetch
from loom_workflow.engine.store import StoreTx
from loom_workflow.errors import from_engine
from loom_workflow.events import notify_task, outbox_messages
from loom_workflow.extension.assignees import Directory, MultiInstanceHandler, ReviewerResolver, bridge
from loom_workflow.history_metrics import observe
from loom_workflow.pgstore.store import PgStore
from loom_workflow.settings import WorkflowSettings

log = logging.getLogger(__name__)
T = TypeVar("T")
# How many times a command may ask for sys's answers before it must run with what the cache has (each
# round fetches what the previous attempt lacked; a command creating several tasks may need a few).
PREFETCH_ROUNDS = 8


@dataclass(frozen=True)
class Call(Generic[T]):
    """A command made of a function of the context (several engine commands in one transaction)."""

    fn: Callable[[CommandContext], T]

    def execute(self, ctx: CommandContext) -> T:
        """Runs the function."""
        return self.fn(ctx)


class WorkflowRuntime:
    """Engine + store + resolver + threads; one per process (API or worker)."""

    def __init__(
        self,
        settings: WorkflowSettings,
        *,
        directory: Directory | None,
        loop: asyncio.AbstractEventLoop,
        job_handlers: Mapping[str, JobHandler],
        on_commit: Callable[[], None] | None = None,
    ) -> None:
        self.settings = settings
        self.directory: Any = directory  # sys's directory client (users, roles, data scopes)
        self.store = PgStore(
            settings.database_url,
            min_size=1,
            max_size=settings.engine_pool_size,
            events=outbox_messages,
            on_commit=on_commit,
        )
        self.resolver = ReviewerResolver(
            self.store,
            directory,
            bridge(loop),
            sql_url=settings.sql_reviewer_database_url,
            sql_views=settings.sql_reviewer_views,
            admin_user_id=settings.admin_user_id,
            defer=True,  # a command never waits for sys under its instance's lock (run() fetches first)
        )
        registry = Registry()
        registry.register_bean("multiInstanceHandler", MultiInstanceHandler(self.resolver))
        registry.register_bean("taskNotifier", notify_task)
        for job_type, handler in job_handlers.items():  # the domains' jobs (a task's deadline)
            registry.register_job_handler(job_type, handler)
        self.engine = Engine(self.store, registry=registry, resolver=self.resolver)
        self.executor = ThreadPoolExecutor(
            max(1, min(settings.engine_threads, settings.engine_pool_size)), thread_name_prefix="engine"
        )
        quiet_gc()

    def execute(
        self, command: Command[T], *, user_id: str | None = None, attempts: int = 3, dry_run: bool = False
    ) -> T:
        """Runs a command in this thread (retries an optimistic-lock conflict); domain errors out. A
        dry run writes nothing (``Engine.execute``)."""
        for attempt in range(attempts):
            try:
                return self.engine.execute(command, user_id=user_id, dry_run=dry_run)
            except ConcurrentModification as exc:
                if attempt == attempts - 1:
                    raise from_engine(exc) from exc
            except EngineError as exc:
                raise from_engine(exc) from exc
        raise AssertionError("unreachable")

    async def run(self, command: Command[T], *, user_id: str | None = None, dry_run: bool = False) -> T:
        """Runs a command in an engine thread (the request's context variables go along). A command that
        lacks an answer of sys has rolled back, its lock released: the answer is fetched here, on the
        event loop, and the command runs again (``extension/answers.py``)."""
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()
        return await self.prefetching(
            lambda: loop.run_in_executor(
                self.executor, lambda: context.run(self.execute, command, user_id=user_id, dry_run=dry_run)
            )
        )

    async def prefetching(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """Awaits ``attempt()``; while it asks for answers of sys (:class:`NeedsPrefetch`), fetches them
        (no lock held) and awaits a new attempt."""
        for _ in range(PREFETCH_ROUNDS):
            try:
                return await attempt()
            except NeedsPrefetch as need:
                await self.resolver.answers.fetch(need.wants)
        return await attempt()

    async def call(self, fn: Callable[[CommandContext], T], *, user_id: str | None = None) -> T:
        """Runs ``fn(ctx)`` as one command."""
        return await self.run(Call(fn), user_id=user_id)

    async def query(self, fn: Callable[[StoreTx], T]) -> T:
        """Runs a read on the engine's pool in a thread (no instance lock)."""
        loop = asyncio.get_running_loop()

        def read() -> T:
            with self.store.transaction() as tx:
                return fn(tx)

        return await loop.run_in_executor(self.executor, read)

    async def settle_history(
        self,
        *,
        actor: str | None,
        starter: str | None = None,
        instances: Sequence[str | None] = (),
        everything: bool = False,
    ) -> int:
        """Read-your-writes before a history read: applies now the pending history records of the trees
        ``actor`` touched, of the trees ``starter`` started (a list of one's own requests sees what others
        did to them) and of the trees of ``instances``, or every pending record (a monitor's list of
        all instances; otherwise the history workers apply them within their lag). Returns the records
        applied (0, one query, when none waits)."""
        wanted = [i for i in instances if i]
        if actor is None and starter is None and not wanted and not everything:
            return 0
        loop = asyncio.get_running_loop()
        applied = await loop.run_in_executor(
            self.executor,
            lambda: self.store.apply_history(
                actor=actor, starter=starter, instances=wanted, everything=everything
            ),
        )
        observe(applied)
        return applied.records

    def close(self) -> None:
        """Stops the threads and closes the pool."""
        self.executor.shutdown(wait=True, cancel_futures=True)
        self.store.close()


get_runtime = app_state("runtime", WorkflowRuntime)
RuntimeDep = Annotated[WorkflowRuntime, Depends(get_runtime)]
"""The app's runtime (``app.state.runtime``): the engine, its store, settings and sys's directory."""
