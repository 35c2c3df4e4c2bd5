"""Where an upload may go: the folder a client names is checked before anything touches the disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from loom_sys.file.errors import PathInvalid
from loom_sys.file.service import clean_folder, resolve


def test_an_empty_folder_is_the_common_one_and_slashes_are_trimmed() -> None:
    # when / then
    assert clean_folder(None) == "common"
    assert clean_folder(" /avatars/2026/ ") == "avatars/2026"


@pytest.mark.parametrize("folder", ["../etc", "a/../../b", "a//b", "./a", "a b", "a\\b", "名字"])
def test_a_folder_that_could_leave_the_storage_or_is_not_plain_is_refused(folder: str) -> None:
    with pytest.raises(PathInvalid):
        clean_folder(folder)


@pytest.mark.parametrize("relative", ["", "/etc/passwd", "a/../../x", "a\\b"])
def test_a_download_path_outside_the_root_is_refused(tmp_path: Path, relative: str) -> None:
    with pytest.raises(PathInvalid):
        resolve(tmp_path, relative)


def test_a_download_path_inside_the_root_resolves_there(tmp_path: Path) -> None:
    assert resolve(tmp_path, "common/2026/a.txt") == (tmp_path / "common/2026/a.txt").resolve()
