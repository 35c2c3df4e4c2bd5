"""The workflow API as the scale-out test starts it: the real app and ``serve`` (several processes on
one port when ``LOOM_WORKFLOW_API_PROCESSES`` says so), settings from the environment, tokens of the
test's key pair, no sys (nothing in these processes asks it)."""

from __future__ import annotations

import dataclasses
from typing import Any

from fastapi import FastAPI

from loom_platform.testing.auth import GrantedAccess

CLIENTS = 16
PERMISSIONS = {"flowable:task:view", "flowable:task:audit"}


class NoDirectory:
    """sys is not started: no user names, no reviewer rules."""

    async def users(self, _ids: Any) -> list[Any]:
        return []

    async def resolve_reviewers(self, *_args: Any, **_kwargs: Any) -> list[str]:
        return []


def build() -> FastAPI:
    """The app of one API process (uvicorn factory)."""
    from loom_workflow.main import build_app

    access = GrantedAccess(permissions={f"client{c}": set(PERMISSIONS) for c in range(CLIENTS)})
    return build_app(access_loader=access.loader(), directory=NoDirectory())


if __name__ == "__main__":
    from loom_workflow.cli import command
    from loom_workflow.settings import WorkflowSettings

    dataclasses.replace(command, app_factory="tests.scale.app:build").serve(WorkflowSettings())
