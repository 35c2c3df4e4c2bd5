"""Every write the service logs has a title in words (loom_platform.logtitles): its action is in
the vocabulary and its menu is the permission it checks or one its router declares."""

from __future__ import annotations

from pathlib import Path

import pytest

from loom_platform.testing.logtitles import untitled


def test_every_logged_route_has_a_menu_and_an_action_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given the service's routes (its keys, if it makes any, in a scratch state directory)
    monkeypatch.setenv("LOOM_STATE_DIR", str(tmp_path))
    from loom_sys.main import build

    # when / then
    assert untitled(build()) == []
