"""Writing generated files over earlier ones without losing hand edits (see ``merge``).

The preview shows what each file would become; writing refuses, before touching anything, while a
conflicting file has no side chosen. The base of the next merge is what was rendered, not what was
written: the difference between the two is the developer's own, and stays theirs next time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode.generate.errors import RegenerationConflict
from loom_gencode.generate.merge import FileStatus, MergedFile, Resolution, merge_file, resolved
from loom_gencode.generate.models import GeneratedFile
from loom_platform.wire import now


class Placed(Protocol):
    """A rendered file and where it goes (``path`` relative to the workspace)."""

    path: str
    target: Path
    content: str


@dataclass(frozen=True)
class PlannedFile:
    """One rendered file, what is on disk now, and what regenerating would leave there."""

    path: str
    target: Path
    generated: str
    mine: str | None
    merged: MergedFile

    def content(self, choice: Resolution | None) -> str:
        return resolved(
            self.merged, mine=self.mine, generated=self.generated, choice=choice or Resolution.GENERATED
        )


async def plan(session: AsyncSession, files: Sequence[Placed]) -> list[PlannedFile]:
    """Each file merged three ways: last generated (kept), on disk, rendered now."""
    paths = [f.path for f in files]
    rows = (await session.execute(select(GeneratedFile).where(GeneratedFile.path.in_(paths)))).scalars()  # type: ignore[attr-defined]
    bases = {row.path: row.content for row in rows}
    planned = []
    for file in files:
        mine = _read(file.target)
        merged = merge_file(base=bases.get(file.path), mine=mine, generated=file.content)
        planned.append(PlannedFile(file.path, file.target, file.content, mine, merged))
    return planned


async def write(
    session: AsyncSession,
    planned: Sequence[PlannedFile],
    *,
    table_id: str,
    choices: Mapping[str, Resolution] | None = None,
) -> list[tuple[PlannedFile, str]]:
    """Writes every file (after checking that no conflict is left open) and keeps its base.

    Answers each file with the content now on disk.
    """
    choices = choices or {}
    open_conflicts = [
        p.path for p in planned if p.merged.status is FileStatus.CONFLICT and p.path not in choices
    ]
    if open_conflicts:
        shown = "、".join(open_conflicts[:3]) + ("…" if len(open_conflicts) > 3 else "")
        raise RegenerationConflict(count=len(open_conflicts), files=shown)
    if planned:
        stmt = pg_insert(GeneratedFile).values(
            [
                {"path": p.path, "gen_table_id": table_id, "content": p.generated, "update_date": now()}
                for p in planned
            ]
        )
        await session.execute(
            stmt.on_conflict_do_update(
                index_elements=["path"],
                set_={
                    "gen_table_id": stmt.excluded.gen_table_id,
                    "content": stmt.excluded.content,
                    "update_date": stmt.excluded.update_date,
                },
            )
        )
    written = []
    for file in planned:
        content = file.content(choices.get(file.path))
        if content != file.mine:
            file.target.parent.mkdir(parents=True, exist_ok=True)
            file.target.write_text(content, encoding="utf-8")
        written.append((file, content))
    return written


def _read(target: Path) -> str | None:
    if not target.is_file():
        return None
    return target.read_text(encoding="utf-8", errors="replace")
