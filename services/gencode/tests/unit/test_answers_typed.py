"""Every route of gencode declares its answer as a model and its body (issue 39): the OpenAPI the clients are
generated from leaves nothing untyped, so a renamed field fails `make test-frontends`, not a page."""

from __future__ import annotations

from loom_gencode.main import build_app
from loom_platform.openapi import gaps, untyped


def test_every_route_answers_a_declared_model_and_declares_its_body() -> None:
    app = build_app()
    assert untyped(app) == []
    assert gaps(app) == []
