"""The three-way merge of a regenerated file: hand edits survive, overlaps are conflicts."""

from __future__ import annotations

from loom_gencode.generate.merge import (
    GENERATED_MARKER,
    MINE_MARKER,
    FileStatus,
    Resolution,
    merge_file,
    resolved,
)

BASE = "import a\n\nclass Leave:\n    title: str\n\n    def check(self):\n        return True\n"


def test_a_file_not_on_disk_is_written_as_rendered():
    merged = merge_file(base=None, mine=None, generated=BASE)
    assert (merged.status, merged.content) == (FileStatus.NEW, BASE)


def test_a_file_nobody_touched_takes_the_new_rendering():
    new = BASE.replace("    title: str\n", "    title: str\n    days: int\n")
    merged = merge_file(base=BASE, mine=BASE, generated=new)
    assert (merged.status, merged.content) == (FileStatus.GENERATED, new)


def test_a_hand_edit_and_a_design_change_apart_merge():
    mine = BASE.replace("        return True\n", "        return self.title != ''  # hand edit\n")
    new = BASE.replace("    title: str\n", "    title: str\n    days: int\n")
    merged = merge_file(base=BASE, mine=mine, generated=new)
    assert merged.status is FileStatus.MERGED
    assert "    days: int\n" in merged.content and "# hand edit" in merged.content
    assert "return True" not in merged.content


def test_only_hand_edits_leave_the_file_as_it_is():
    mine = "# mine\n" + BASE
    merged = merge_file(base=BASE, mine=mine, generated=BASE)
    assert (merged.status, merged.content) == (FileStatus.UNCHANGED, mine)


def test_the_same_change_on_both_sides_is_no_conflict():
    new = BASE.replace("import a\n", "import a\nimport b\n")
    merged = merge_file(base=BASE, mine=new, generated=new)
    assert (merged.status, merged.content) == (FileStatus.UNCHANGED, new)


def test_overlapping_changes_are_a_conflict_with_both_sides_shown():
    mine = BASE.replace("    title: str\n", "    title: str = 'x'\n")
    new = BASE.replace("    title: str\n", "    title: str | None\n")
    merged = merge_file(base=BASE, mine=mine, generated=new)
    assert merged.status is FileStatus.CONFLICT
    assert (
        f"{MINE_MARKER}\n    title: str = 'x'\n=======\n    title: str | None\n{GENERATED_MARKER}\n"
        in merged.content
    )
    assert merged.content.startswith("import a\n") and merged.content.endswith("return True\n")
    assert resolved(merged, mine=mine, generated=new, choice=Resolution.MINE) == mine
    assert resolved(merged, mine=mine, generated=new, choice=Resolution.GENERATED) == new


def test_a_file_on_disk_with_no_recorded_base_is_never_overwritten_silently():
    merged = merge_file(base=None, mine="# written by hand\n", generated=BASE)
    assert merged.status is FileStatus.CONFLICT
    assert "# written by hand" in merged.content and "class Leave" in merged.content


def test_a_last_line_without_newline_keeps_the_markers_on_their_own_lines():
    merged = merge_file(base="a\nb", mine="a\nc", generated="a\nd")
    assert merged.content == f"a\n{MINE_MARKER}\nc\n=======\nd\n{GENERATED_MARKER}\n"
