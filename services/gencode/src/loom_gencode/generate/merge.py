"""Regeneration that keeps hand edits: a three-way merge of each generated file.

The three versions of a file are the one generated last time (the base, kept in
``gen_generated_file``), the one on disk (the base plus whatever the developer changed by hand) and
the one rendered now (the base plus the design's changes). Lines changed on one side only are taken
from that side; a region changed differently on both sides is a conflict, shown with the usual
``<<<<<<<``/``=======``/``>>>>>>>`` markers and never written until the developer says which side
wins. A file on disk with no recorded base (written by hand, or generated before the base was kept)
that differs from the rendered one is a conflict as a whole: nothing is overwritten silently.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import StrEnum


class FileStatus(StrEnum):
    """What regenerating does to one file (the preview shows it, the write obeys it)."""

    NEW = "new"  # not on disk yet: written as rendered
    UNCHANGED = "unchanged"  # the disk already holds what would be written
    GENERATED = "generated"  # no hand edit on disk: replaced by the rendered version
    MERGED = "merged"  # hand edits and design changes merged without overlap
    CONFLICT = "conflict"  # overlapping changes: written only once a side is chosen


class Resolution(StrEnum):
    """The developer's choice for a conflicting file."""

    MINE = "mine"  # keep the file on disk as it is
    GENERATED = "generated"  # take the rendered version, dropping the hand edits


@dataclass(frozen=True)
class MergedFile:
    """The content a regeneration would leave on disk, and how it came about."""

    status: FileStatus
    content: str


MINE_MARKER = "<<<<<<< 手工修改 (mine)"
SPLIT_MARKER = "======="
GENERATED_MARKER = ">>>>>>> 重新生成 (generated)"


def merge_file(*, base: str | None, mine: str | None, generated: str) -> MergedFile:
    """What regenerating a file gives: ``mine`` is the disk's content (None: no file)."""
    if mine is None:
        return MergedFile(FileStatus.NEW, generated)
    if mine == generated:
        return MergedFile(FileStatus.UNCHANGED, generated)
    if base is None:
        return MergedFile(
            FileStatus.CONFLICT, _conflict_block(mine.splitlines(True), generated.splitlines(True))
        )
    if mine == base:
        return MergedFile(FileStatus.GENERATED, generated)
    if generated == base:
        return MergedFile(FileStatus.UNCHANGED, mine)  # only hand edits: the disk already wins
    lines: list[str] = []
    conflicted = False
    for kind, ours, theirs in _regions(
        base.splitlines(True), mine.splitlines(True), generated.splitlines(True)
    ):
        if kind == "conflict":
            conflicted = True
            lines.append(_conflict_block(ours, theirs))
        else:
            lines.extend(ours)
    return MergedFile(FileStatus.CONFLICT if conflicted else FileStatus.MERGED, "".join(lines))


def resolved(merged: MergedFile, *, mine: str | None, generated: str, choice: Resolution) -> str:
    """The content of a conflicting file once the developer chose a side."""
    if merged.status is not FileStatus.CONFLICT:
        return merged.content
    return (mine or "") if choice is Resolution.MINE else generated


def _conflict_block(ours: list[str], theirs: list[str]) -> str:
    def block(lines: list[str]) -> str:
        text = "".join(lines)
        return text if not text or text.endswith("\n") else text + "\n"

    return f"{MINE_MARKER}\n{block(ours)}{SPLIT_MARKER}\n{block(theirs)}{GENERATED_MARKER}\n"


def _stable_regions(
    base: list[str], mine: list[str], generated: list[str]
) -> list[tuple[int, int, int, int]]:
    """Runs of base lines both sides kept, as ``(base_start, base_end, mine_start, generated_start)``,
    ending with an empty run at the three ends."""
    in_mine = SequenceMatcher(None, base, mine, autojunk=False).get_matching_blocks()
    in_generated = SequenceMatcher(None, base, generated, autojunk=False).get_matching_blocks()
    regions = []
    i = j = 0
    while i < len(in_mine) and j < len(in_generated):
        a_base, a_at, a_len = in_mine[i]
        b_base, b_at, b_len = in_generated[j]
        start, end = max(a_base, b_base), min(a_base + a_len, b_base + b_len)
        if start < end:
            regions.append((start, end, a_at + start - a_base, b_at + start - b_base))
        if a_base + a_len < b_base + b_len:
            i += 1
        else:
            j += 1
    regions.append((len(base), len(base), len(mine), len(generated)))
    return regions


def _regions(
    base: list[str], mine: list[str], generated: list[str]
) -> Iterator[tuple[str, list[str], list[str]]]:
    """The merged file as regions: ``("take", lines, [])`` or ``("conflict", mine, generated)``."""
    at_base = at_mine = at_generated = 0
    for base_start, base_end, mine_start, generated_start in _stable_regions(base, mine, generated):
        was = base[at_base:base_start]
        ours = mine[at_mine:mine_start]
        theirs = generated[at_generated:generated_start]
        if ours == theirs:
            yield "take", ours, []
        elif ours == was:
            yield "take", theirs, []
        elif theirs == was:
            yield "take", ours, []
        else:
            yield "conflict", ours, theirs
        yield "take", base[base_start:base_end], []
        length = base_end - base_start
        at_base, at_mine, at_generated = base_end, mine_start + length, generated_start + length
