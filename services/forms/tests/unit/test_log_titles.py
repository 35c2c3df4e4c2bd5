"""Every write the service logs has a title in words (loom_platform.logtitles): its action is in
the vocabulary and its menu is the permission it checks or one its router declares."""

from __future__ import annotations

from pathlib import Path

import pytest

from loom_platform.testing.logtitles import untitled

# the online-form routes check the form's own permission (form:<code>:<action>) in their code
CHECKED_INSIDE = frozenset(
    {
        "/form/generate/save",
        "/form/generate/delete",
        "/form/generate/export",
        "/form/generate/import",
        "/form/generate/import/template",
    }
)


def test_every_logged_route_has_a_menu_and_an_action_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given the service's routes (its keys, if it makes any, in a scratch state directory)
    monkeypatch.setenv("LOOM_STATE_DIR", str(tmp_path))
    from loom_forms.main import app_factory

    # when / then
    assert untitled(app_factory(), menus_checked_inside=CHECKED_INSIDE) == []
