"""A node's rights on the rows of a form's sub-tables: which columns it may write, and whether it may
add or delete rows. Pure rules over the stored and the submitted values; the data service applies them
before validating, so a locked column's stored value is what gets checked and kept.

Rows are matched by their ``id``: every stored row carries one (given here when a row is first
saved), a new row has none. A row whose id is unknown, or repeats an earlier row's, is a new row, so
reordering or deleting rows cannot move a stored row's locked values onto another row. A document
stored before rows had ids is matched by position once, and gets its ids with that save."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from loom_platform.i18n import EN, ZH, register, translate
from loom_platform.wire import new_id

register(
    {
        "forms.data.rows_not_addable": {ZH: "{name}不允许新增行", EN: "Rows cannot be added to {name}"},
        "forms.data.rows_not_deletable": {ZH: "{name}不允许删除行", EN: "Rows cannot be deleted from {name}"},
    }
)

ROW_ID = "id"
"""The key of a sub-table row's id (the primary key's name, as in a bound form's child rows)."""


@dataclass(frozen=True)
class RowRights:
    """What a node may do to sub-table rows: locked columns by table, tables it may not grow or shrink."""

    locked: Mapping[str, frozenset[str]] = field(default_factory=dict)
    no_add: frozenset[str] = frozenset()
    no_delete: frozenset[str] = frozenset()

    @classmethod
    def of(
        cls, locked_columns: Collection[str], no_add: Collection[str], no_delete: Collection[str]
    ) -> RowRights:
        """From the wire's lists (``<table>.<column>`` for a locked column)."""
        locked: dict[str, set[str]] = {}
        for entry in locked_columns:
            table, _, column = entry.partition(".")
            if table and column:
                locked.setdefault(table, set()).add(column)
        return cls({t: frozenset(c) for t, c in locked.items()}, frozenset(no_add), frozenset(no_delete))

    def apply(
        self, tables: Mapping[str, str], stored: Mapping[str, Any], written: dict[str, Any], lang: str | None
    ) -> dict[str, str]:
        """Matches ``written``'s sub-table rows to the stored ones by id, puts the stored values back
        into the locked columns (a new row gets none), gives every row its id, and answers the
        refusals by table model; ``tables`` maps each sub-table's model to its label."""
        errors: dict[str, str] = {}
        for table, label in tables.items():
            rows = written.get(table)
            if not isinstance(rows, list):
                continue
            found = stored.get(table)
            pairs = _pairs(rows, found if isinstance(found, list) else [])
            kept = sum(1 for _, before in pairs if before is not None)
            before_count = len(found) if isinstance(found, list) else 0
            if table in self.no_add and kept < len(rows):
                errors[table] = translate("forms.data.rows_not_addable", lang, name=label)
            elif table in self.no_delete and kept < before_count:
                errors[table] = translate("forms.data.rows_not_deletable", lang, name=label)
            locked = self.locked.get(table, frozenset())
            written[table] = [_keep(row, before, locked) for row, before in pairs]
        return errors


def _id(row: Any) -> str:
    value = row.get(ROW_ID) if isinstance(row, Mapping) else None
    return str(value) if value not in (None, "") else ""


def _pairs(rows: list[Any], before: list[Any]) -> list[tuple[Any, Mapping[str, Any] | None]]:
    """Each submitted row with the stored row it is (None: a new row). By id; a stored row without
    one (stored before rows had ids) only by position, with a submitted row without one."""
    by_id = {_id(r): r for r in before if _id(r)}
    taken: set[str] = set()
    pairs: list[tuple[Any, Mapping[str, Any] | None]] = []
    for i, row in enumerate(rows):
        rid = _id(row)
        match: Any = None
        if rid and rid in by_id and rid not in taken:
            taken.add(rid)
            match = by_id[rid]
        elif not rid and isinstance(row, Mapping) and i < len(before) and not _id(before[i]):
            match = before[i]
        pairs.append((row, match if isinstance(match, Mapping) else None))
    return pairs


def _keep(row: Any, stored: Mapping[str, Any] | None, locked: frozenset[str]) -> Any:
    """The row with its id (the stored row's, or a new one) and its locked columns as stored (absent
    in a new row)."""
    if not isinstance(row, Mapping):
        return row
    kept = {k: v for k, v in row.items() if k not in locked}
    if stored is not None:
        kept.update({k: stored[k] for k in locked if k in stored})
    kept[ROW_ID] = (_id(stored) if stored is not None else "") or new_id()
    return kept
