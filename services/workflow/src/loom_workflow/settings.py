"""workflow settings (env prefix ``LOOM_WORKFLOW_``)."""

from __future__ import annotations

import os

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import SettingsConfigDict

from loom_platform.settings import ServiceSettings

# Signs the short-lived URLs of diagrams and BPMN downloads; public (it is in the source): fine for a
# laptop, refused in production, where every API process of the service must share one key.
DEFAULT_URL_SIGNING_KEY = "loom-development-url-signing-key"


class WorkflowSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="LOOM_WORKFLOW_", env_ignore_empty=True, extra="ignore")

    service_name: str = "workflow"
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:5544/loom_workflow"
    http_port: int = 8103
    grpc_port: int = 9103
    # The forms service (dynamic process forms are validated and stored there).
    forms_grpc_address: str = Field(
        "127.0.0.1:9104", validation_alias=AliasChoices("LOOM_FORMS_GRPC_ADDRESS", "forms_grpc_address")
    )

    # The HTTP API as this many processes on one port (uvicorn workers). None: one per core in
    # production, one otherwise. Replicas of the API (more hosts or pods) scale out further.
    api_processes: int | None = None

    # The engine runs synchronously in worker threads on its own psycopg pool. Few threads: a
    # command is mostly Python (GIL-bound), so more threads than cores only lengthen the tail
    # (measured in bench/workflow/RESULTS.md); the pool keeps spare connections for reads.
    engine_threads: int = 4
    engine_pool_size: int = 16
    # Reviewer rules of type "sql" run read-only on this database (default: the workflow database).
    sql_reviewer_database_url: str | None = None
    # ... as a role that may SELECT from these views only (names, "schema.view" or "view"), nothing
    # else: a designer's query reads what a view shows (extension/reviewer_sql.py).
    sql_reviewer_views: list[str] = []
    # Who gets a task whose reviewer rules name nobody at a node set to "send it to the administrator".
    admin_user_id: str = "1"

    # Jobs: the scheduler hands due jobs to workers through a JetStream work queue.
    scheduler_enabled: bool = True
    scheduler_poll_seconds: float = 0.5
    scheduler_batch: int = 200
    job_lease_seconds: float = 60.0
    job_ack_wait_seconds: float = 30.0
    job_retry_wait_seconds: float = 10.0
    worker_concurrency: int = 8

    # History is applied asynchronously (pgstore/history.py): threads applying the commands' history
    # records in each ``worker`` process (and in ``loom-workflow history`` processes, which do only
    # that), a batch of up to ``history_batch`` records each; an idle thread looks again after
    # ``history_poll_seconds``. API processes refresh the lag gauge every ``history_gauge_seconds``.
    history_workers: int = 1
    history_batch: int = 500
    history_poll_seconds: float = 0.2
    history_gauge_seconds: float = 2.0
    # A worker or history process serves its own /metrics (the lag histogram of the records it applied)
    # on this port; 0: none
    worker_metrics_port: int = 0

    # Diagrams and BPMN downloads load without the token header (<img src>, window.open): their
    # URLs carry an HMAC signature bound to their path and query, valid this long.
    url_signing_key: str = DEFAULT_URL_SIGNING_KEY
    signed_url_seconds: int = 300

    # Notices (notice/): the durable consumer turning the service's events into notices (in the
    # workers), the portal's
    # address for the links in channel messages, and email through an SMTP server when a host is set.
    # (empty: named after the database, so test runs sharing one NATS never take each other's events)
    notice_durable: str = ""
    # the consumer runs in every worker process, `loom-workflow worker` (None: except in test mode,
    # where tests start it); the API processes only push the stored notices to their open streams
    notice_consumer: bool | None = None
    # the migration worker's consumer (migration/worker.py) runs in every API process (None: except
    # in test mode, where tests start it)
    migration_consumer: bool | None = None
    portal_url: str = "http://127.0.0.1:8080"
    smtp_host: str = ""
    smtp_port: int = 25
    smtp_sender: str = "loom@localhost"
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False

    # External tasks: the longest a worker's fetchAndLock waits for a task (its asyncResponseTimeout is
    # cut to this; the gateway and the worker's client must allow a little more).
    external_task_max_wait_seconds: float = 30.0
    # HTTP tasks call only these hosts ("host", "host:port", "*.example.com"; JSON list), never the
    # platform's own ports; an answer is read up to this many bytes.
    http_allowed_hosts: list[str] = []
    http_max_response_bytes: int = 1_048_576

    @model_validator(mode="after")
    def _no_default_signing_key_in_production(self) -> WorkflowSettings:
        if self.url_signing_key == DEFAULT_URL_SIGNING_KEY:
            self.refuse_default_secret("LOOM_WORKFLOW_URL_SIGNING_KEY", "")
        return self

    @property
    def http_processes(self) -> int:
        """How many API processes ``serve`` starts."""
        if self.api_processes is not None:
            return max(1, self.api_processes)
        return (os.cpu_count() or 1) if self.mode == "production" else 1

    @property
    def jobs_stream(self) -> str:
        """The work-queue stream of due jobs (its subjects lie outside ``loom.workflow.>``)."""
        return "LOOM_WORKFLOW_JOBS"

    @property
    def jobs_subject(self) -> str:
        return "jobs.workflow.due"
