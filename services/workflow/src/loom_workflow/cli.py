"""``loom-workflow migrate | seed | setup | serve | worker | history | test``."""

from __future__ import annotations

import sys

import uvicorn
import uvloop
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.cli import SERVER_OPTIONS, ServiceCommand
from loom_workflow.settings import WorkflowSettings


async def _seed(session: AsyncSession, _settings: WorkflowSettings) -> None:
    """Common buttons, listeners and expressions (idempotent)."""
    import loom_workflow.messages  # noqa: F401
    from loom_workflow.seed import seed

    await seed(session)


def _worker(settings: WorkflowSettings) -> None:
    """Runs due timers and async continuations from the JetStream work queue, and turns the
    service's events into notices."""
    from loom_workflow.jobs.worker import run_worker
    from loom_workflow.notice.consumer import in_worker as notices

    # uvloop, as uvicorn runs the API processes: the worker's consumers and history spend much of
    # their CPU in the loop's socket reads and writes (NATS, asyncpg)
    uvloop.run(run_worker(settings, alongside=notices))


def _history(settings: WorkflowSettings) -> None:
    """Applies the commands' history records (``history_workers`` threads) until SIGTERM."""
    from loom_workflow.jobs.history import run_history

    uvloop.run(run_history(settings))


class WorkflowCommand(ServiceCommand[WorkflowSettings]):
    """The platform's command; ``serve`` runs the API as ``http_processes`` processes on one port."""

    def migrate(self, settings: WorkflowSettings) -> None:
        """Migrates, then refreshes the planner's statistics: with none (fresh tables, autovacuum not
        yet run) the engine's loads fall back to sequential scans and slow down with every process."""
        super().migrate(settings)
        import psycopg

        from loom_workflow.pgstore.store import conninfo

        with psycopg.connect(conninfo(settings.database_url), autocommit=True) as conn:
            conn.execute("ANALYZE")

    def serve(self, settings: WorkflowSettings) -> None:
        """Runs the HTTP app under uvicorn, in several worker processes when configured."""
        processes = settings.http_processes
        if processes == 1:
            super().serve(settings)
            return
        from loom_workflow.supervisor import Supervisor

        config = uvicorn.Config(
            self.app_factory,
            factory=True,
            host=settings.http_host,
            port=settings.http_port,
            workers=processes,
            # uvicorn restarts a worker that does not answer its health ping in time; the default 5 s
            # is shorter than a worker's start on a busy host, which then restarts it forever
            timeout_worker_healthcheck=60,
            **SERVER_OPTIONS,  # the platform's serve's: keep-alive, bounded graceful stop
        )
        # uvicorn.run's own supervisor could take a minute to stop on a busy host (supervisor.py)
        Supervisor(config, sockets=[config.bind_socket()]).run()


command = WorkflowCommand.of(
    "loom_workflow", WorkflowSettings, _seed, app="build", extra={"worker": _worker, "history": _history}
)


def main() -> None:
    """``loom-workflow test <model.bpmn> <cases.json>`` runs process tests; the rest is the platform's."""
    if sys.argv[1:2] == ["test"]:
        from loom_workflow.proctest.cli import main as run_tests

        raise SystemExit(run_tests(sys.argv[2:]))
    command.main()


if __name__ == "__main__":
    main()
