"""A node's rights on the rows of a form's sub-tables: which columns it may write, and whether it may
add or delete rows. Pure rules over the stored and the submitted values; the data service applies them
before validating, so a locked column's stored value is what gets checked and kept."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from loom_platform.i18n import EN, ZH, register, translate

register(
    {
        "forms.data.rows_not_addable": {ZH: "{name}不允许新增行", EN: "Rows cannot be added to {name}"},
        "forms.data.rows_not_deletable": {ZH: "{name}不允许删除行", EN: "Rows cannot be deleted from {name}"},
    }
)


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
        """Puts the stored values back into the locked columns of ``written``'s sub-tables (by
        position: a new row gets none) and answers the refusals by table model; ``tables`` maps each
        sub-table's model to its label."""
        errors: dict[str, str] = {}
        for table, label in tables.items():
            rows = written.get(table)
            if not isinstance(rows, list):
                continue
            found = stored.get(table)
            before: list[Any] = found if isinstance(found, list) else []
            if table in self.no_add and len(rows) > len(before):
                errors[table] = translate("forms.data.rows_not_addable", lang, name=label)
            elif table in self.no_delete and len(rows) < len(before):
                errors[table] = translate("forms.data.rows_not_deletable", lang, name=label)
            locked = self.locked.get(table)
            if locked:
                written[table] = [
                    _keep(row, before[i] if i < len(before) else {}, locked) for i, row in enumerate(rows)
                ]
        return errors


def _keep(row: Any, stored: Any, locked: frozenset[str]) -> Any:
    """The row with its locked columns as stored (absent when the stored row has none)."""
    if not isinstance(row, Mapping):
        return row
    kept = {k: v for k, v in row.items() if k not in locked}
    if isinstance(stored, Mapping):
        kept.update({k: stored[k] for k in locked if k in stored})
    return kept
