"""Reads of 流程分析: duration histograms, paths and the running count of one definition.

Whatever the number of instances, they come from the daily rollups (a few rows per day and node) when
the instances in view are everyone's (a viewer who sees everything, or no data rule narrows) or one
department's (the department filter, for a viewer who sees everything or whose data scope holds the
department: its instances are the rows of that department). A data scope without such a filter is
split (:attr:`Scope.split`): its departments' rollups, plus its users' instances started elsewhere from
the facts, found in the initiator index alone. Otherwise (an initiator, a menu's data rules) they come
from the facts through the indexes on ``(proc_def_id, start_user_id | office_id, day)``: only the rows
of the initiators in view are read.

A data scope reaches the instances its users started and, by department, the instances started in
its departments (:func:`loom_platform.datarules.predicate` with the fact's ``office_id``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Select, func, literal, literal_column, or_, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from loom_platform.datarules import DataAccess, predicate
from loom_workflow.analytics import tables as an
from loom_workflow.analytics.figures import Cell
from loom_workflow.analytics.tables import OFFICE_VARIABLE
from loom_workflow.pgstore import tables as t


@dataclass(frozen=True)
class Scope:
    """Which instances count: one definition, started within [first_day, last_day] (UTC days, either
    open), by ``initiator`` and in the department ``office_id`` when given, and as far as ``access``
    reaches."""

    proc_def_id: str
    first_day: date | None = None
    last_day: date | None = None
    initiator: str | None = None
    office_id: str | None = None
    access: DataAccess | None = None

    @property
    def reaches_all(self) -> bool:
        """True when the data scope lets every instance count."""
        return self.access is None or (self.access.everything and not self.access.rules)

    @property
    def from_rollups(self) -> bool:
        """True when the rollups hold exactly the instances in view: everyone's, or the department's."""
        if self.initiator is not None:
            return False
        if self.reaches_all:
            return True
        access = self.access
        return (
            access is not None
            and not access.rules
            and self.office_id is not None
            and self.office_id in access.office_ids
        )

    @property
    def split(self) -> bool:
        """True when the instances in view are a data scope's, without a department or initiator filter
        and without a menu's rules: its departments' instances are read from their rollups, and only
        its users' instances started outside those departments from the facts (no one index serves
        "started by these users or in these departments" over the facts)."""
        access = self.access
        return (
            access is not None
            and not self.reaches_all
            and not access.rules
            and self.initiator is None
            and self.office_id is None
            and bool(access.office_ids)
        )


def _conditions(scope: Scope, table: Any) -> list[ColumnElement[bool]]:
    found: list[ColumnElement[bool]] = [table.c.proc_def_id == scope.proc_def_id]
    if scope.first_day is not None:
        found.append(table.c.day >= scope.first_day)
    if scope.last_day is not None:
        found.append(table.c.day <= scope.last_day)
    if scope.initiator is not None:
        found.append(table.c.start_user_id == scope.initiator)
    if scope.office_id is not None:
        found.append(table.c.office_id == scope.office_id)
    return found


def _in_reach(scope: Scope, stmt: Select[Any], fact: Any) -> Select[Any]:
    """``stmt`` over ``fact`` narrowed to the data scope; a menu's rules may name any column of the
    instance's history row, so they are compiled over it (joined only when there are rules)."""
    access = scope.access
    if access is None or scope.reaches_all:
        return stmt
    columns: Mapping[str, Any] = {"start_user_id": fact.c.start_user_id, "office_id": fact.c.office_id}
    if access.rules:
        p = t.hi_procinst
        stmt = stmt.join(p, p.c.id == fact.c.proc_inst_id)
        columns = {**{c.name: c for c in p.c}, **columns}
    return stmt.where(predicate(access, columns, owner="start_user_id", office="office_id"))


async def cells(session: AsyncSession, scope: Scope) -> dict[str, list[Cell]]:
    """Per node id (``""`` for the whole instance): the histogram of its durations."""
    if scope.split:
        stmt = _summed(union_all(_from_days(scope, offices=True), _from_facts(scope, outside_offices=True)))
    else:
        stmt = _from_days(scope) if scope.from_rollups else _from_facts(scope)
    found: dict[str, list[Cell]] = {}
    for row in await session.execute(stmt):
        found.setdefault(row.act_id, []).append(
            Cell(
                row.bucket, int(row.n), int(row.total_ms), int(row.overdue), int(row.backs), int(row.revoked)
            )
        )
    return found


def _summed(parts: Any) -> Select[Any]:
    """The histogram rows of ``parts`` (disjoint sets of instances) added up per node and bucket."""
    u = parts.subquery()
    return select(
        u.c.act_id,
        u.c.bucket,
        func.sum(u.c.n).label("n"),
        func.sum(u.c.total_ms).label("total_ms"),
        func.sum(u.c.overdue).label("overdue"),
        func.sum(u.c.backs).label("backs"),
        func.sum(u.c.revoked).label("revoked"),
    ).group_by(u.c.act_id, u.c.bucket)


def _scope_offices(scope: Scope) -> list[str]:
    assert scope.access is not None
    return sorted(scope.access.office_ids)


def _outside_offices(scope: Scope, table: Any) -> list[ColumnElement[bool]]:
    """A split scope's instances the department rollups do not hold: its users' started elsewhere."""
    assert scope.access is not None
    return [
        table.c.start_user_id.in_(sorted(scope.access.user_ids)),
        or_(table.c.office_id.is_(None), table.c.office_id.not_in(_scope_offices(scope))),
    ]


def _from_days(scope: Scope, *, offices: bool = False) -> Select[Any]:
    """The rollups' rows: everyone's, the filtered department's, or (``offices``) a split scope's
    departments'."""
    d = an.day if scope.office_id is None and not offices else an.office_day
    where = _conditions(scope, d)
    if offices:
        where.append(d.c.office_id.in_(_scope_offices(scope)))
    return (
        select(
            d.c.act_id,
            d.c.bucket,
            func.sum(d.c.n).label("n"),
            func.sum(d.c.total_ms).label("total_ms"),
            func.sum(d.c.overdue).label("overdue"),
            func.sum(d.c.backs).label("backs"),
            func.sum(d.c.revoked).label("revoked"),
        )
        .where(*where)
        .group_by(d.c.act_id, d.c.bucket)
    )


def _from_facts(scope: Scope, *, outside_offices: bool = False) -> Any:
    """The facts' rows of the instances in view, or (``outside_offices``) of a split scope's users'
    instances started outside its departments."""
    f, n = an.instance_fact, an.node_fact
    instances = select(
        literal(an.INSTANCE).label("act_id"),
        f.c.bucket,
        func.count().label("n"),
        func.sum(f.c.duration_ms).label("total_ms"),
        func.count().filter(f.c.overdue).label("overdue"),
        func.sum(f.c.backs).label("backs"),
        func.count().filter(f.c.revoked).label("revoked"),
    ).where(*_conditions(scope, f))
    nodes = select(
        n.c.act_id,
        n.c.bucket,
        func.count().label("n"),
        func.sum(n.c.wait_ms).label("total_ms"),
        func.count().filter(n.c.overdue).label("overdue"),
        literal(0).label("backs"),
        literal(0).label("revoked"),
    ).where(*_conditions(scope, n))
    if outside_offices:
        instances = instances.where(*_outside_offices(scope, f))
        nodes = nodes.where(*_outside_offices(scope, n))
    else:
        instances, nodes = _in_reach(scope, instances, f), _in_reach(scope, nodes, n)
    return union_all(instances.group_by(f.c.bucket), nodes.group_by(n.c.act_id, n.c.bucket))


async def paths(session: AsyncSession, scope: Scope, limit: int = 5) -> list[tuple[str, int]]:
    """The most frequent paths (node ids joined by ``>``) with how many instances took each."""
    if scope.split:
        counted: dict[str, int] = {}
        for part in (_paths_of_days(scope, offices=True), _paths_outside_offices(scope)):
            for row in await session.execute(part):
                counted[row.path] = counted.get(row.path, 0) + int(row.n)
        ranked = sorted(counted.items(), key=lambda item: (-item[1], item[0]))
        return ranked[:limit]
    if not scope.from_rollups:
        f = an.instance_fact
        stmt = _in_reach(
            scope, select(f.c.path, func.count().label("n")).where(*_conditions(scope, f)), f
        ).group_by(f.c.path)
    else:
        stmt = _paths_of_days(scope)
    rows = await session.execute(stmt)
    ranked = sorted(((r.path, int(r.n)) for r in rows), key=lambda item: (-item[1], item[0]))
    return ranked[:limit]


def _paths_of_days(scope: Scope, *, offices: bool = False) -> Select[Any]:
    p = an.path_day if scope.office_id is None and not offices else an.office_path_day
    where = _conditions(scope, p)
    if offices:
        where.append(p.c.office_id.in_(_scope_offices(scope)))
    return (
        select(func.min(p.c.path).label("path"), func.sum(p.c.n).label("n"))
        .where(*where)
        .group_by(p.c.path_hash)
    )


def _paths_outside_offices(scope: Scope) -> Select[Any]:
    """A split scope's users' paths outside its departments: the instances found through the index
    alone (``ix_wf_an_instance_user`` carries the department), then only their paths read."""
    f = an.instance_fact
    ids = select(f.c.proc_inst_id).where(*_conditions(scope, f), *_outside_offices(scope, f))
    return select(f.c.path, func.count().label("n")).where(f.c.proc_inst_id.in_(ids)).group_by(f.c.path)


async def running(session: AsyncSession, scope: Scope) -> int:
    """Instances of the definition started in the range that have not ended."""
    h = t.hi_procinst
    stmt = (
        select(func.count())
        .select_from(h)
        .where(h.c.proc_def_id == scope.proc_def_id, h.c.end_time.is_(None))
    )
    if scope.first_day is not None:
        stmt = stmt.where(h.c.start_time >= _midnight(scope.first_day))
    if scope.last_day is not None:
        stmt = stmt.where(h.c.start_time < _midnight(scope.last_day + timedelta(days=1)))
    if scope.initiator is not None:
        stmt = stmt.where(h.c.start_user_id == scope.initiator)
    office = _office_of(h)
    if scope.office_id is not None:
        stmt = stmt.where(office == scope.office_id)
    if scope.access is not None:
        columns = {**{c.name: c for c in h.c}, "office_id": office}
        stmt = stmt.where(predicate(scope.access, columns, owner="start_user_id", office="office_id"))
    return int((await session.execute(stmt)).scalar_one())


def _office_of(h: Any) -> Any:
    """The department a running instance's start recorded (its facts will carry the same)."""
    v = t.hi_varinst
    return (
        select(func.nullif(v.c.value.op("#>>")(literal_column("'{}'")), ""))
        .where(v.c.proc_inst_id == h.c.id, v.c.name == OFFICE_VARIABLE, v.c.task_id.is_(None))
        .limit(1)
        .scalar_subquery()
    )


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)
