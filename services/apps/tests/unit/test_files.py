"""A version's files unpacked on a replica's own disk: nothing lands outside its folder."""

from __future__ import annotations

import io
import zipfile

import pytest

from loom_apps.module.files import folder_name, unpack


def _archive(**files: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zipped:
        for name, content in files.items():
            zipped.writestr(name.replace("__", "/"), content)
    return buffer.getvalue()


def test_unpacking_keeps_every_file_inside_the_target(tmp_path):
    # given an archive with a normal file and one whose path climbs out
    archive = _archive(**{"app__demo__router.py": "x = 1", "..__..__escape.py": "boom"})
    # when it is unpacked
    target = unpack(archive, tmp_path / "v1")
    # then the normal file is there and nothing was written outside
    assert (target / "app" / "demo" / "router.py").read_text() == "x = 1"
    assert not (tmp_path / "escape.py").exists() and not (tmp_path.parent / "escape.py").exists()


def test_unpacking_again_replaces_what_was_there(tmp_path):
    unpack(_archive(old="1"), tmp_path / "v")
    target = unpack(_archive(new="2"), tmp_path / "v")
    assert sorted(p.name for p in target.iterdir()) == ["new"]


def test_a_bad_archive_is_refused(tmp_path):
    with pytest.raises(zipfile.BadZipFile):
        unpack(b"not a zip", tmp_path / "v")


def test_folder_names_are_plain():
    assert folder_name("demo/gen_note", 7) == "demo__gen_note/7"
    assert folder_name("x/../y", 1) == "x______y/1"  # no dots, no separators but the version's
