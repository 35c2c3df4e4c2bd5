"""The one tree: nodes placed by ``parent_id`` / ``parent_ids`` and answered to the client nested.

A node's ``parent_ids`` lists its ancestors from the root, comma-ended (``0,a,b,``); a root has
parent ``'0'``. sys's offices, areas and menus, forms' and workflow's categories are trees of
this shape: :func:`place` puts a node under its parent (refusing its own descendants) and moves its
subtree with it, :func:`deletable` says which nodes a delete may remove, :func:`descendant_ids`
finds a subtree, and :func:`build_tree` is the nested answer the client's tree widgets read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from sqlalchemy import false, func, select, update
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.errors import FailedPrecondition, InvalidArgument, LoomError
from loom_platform.paging import starts_with
from loom_platform.wire import Answer

ROOT_PARENT = "0"
"""The parent id of a root node."""


class Node(Protocol):
    """What a tree node has."""

    id: str
    parent_id: str
    parent_ids: str


N = TypeVar("N", bound=Node)


class OwnDescendant(InvalidArgument):
    """A node placed under itself or one of its descendants."""

    message_key = "tree.own_descendant"


class ParentMissing(InvalidArgument):
    """A node placed under a parent that does not exist."""

    message_key = "tree.parent_missing"


class BelowOutsideScope(FailedPrecondition):
    """A node whose delete would take descendants the caller may not see (outside their data scope)."""

    message_key = "tree.below_outside_scope"


def is_under(node_id: str, parent: Node) -> bool:
    """True when ``parent`` is the node itself or one of its descendants."""
    return parent.id == node_id or f",{node_id}," in f",{parent.parent_ids}"


async def place(
    session: AsyncSession,
    model: type[N],
    node: N,
    parent_id: str | None,
    missing: LoomError,
    own_descendant: LoomError | None = None,
) -> None:
    """Puts ``node`` under ``parent_id`` ('0' or empty: a root) and re-paths its descendants.

    ``missing`` is raised for an unknown parent, ``own_descendant`` (default :class:`OwnDescendant`)
    for a parent that is the node or below it."""
    parent_id = parent_id or ROOT_PARENT
    if parent_id == ROOT_PARENT:
        new_path = f"{ROOT_PARENT},"
    else:
        parent = await session.get(model, parent_id)
        if parent is None:
            raise missing
        if is_under(node.id, parent):
            raise own_descendant if own_descendant is not None else OwnDescendant()
        new_path = f"{parent.parent_ids}{parent.id},"
    old_path = node.parent_ids
    node.parent_id, node.parent_ids = parent_id, new_path
    if old_path and old_path != new_path:
        await _move_subtree(session, model, f"{old_path}{node.id},", f"{new_path}{node.id},")


async def _move_subtree(session: AsyncSession, model: type[Any], old_prefix: str, new_prefix: str) -> None:
    table = model.__table__
    await session.execute(
        update(table)
        .where(starts_with(table.c.parent_ids, old_prefix))
        .values(parent_ids=func.concat(new_prefix, func.substr(table.c.parent_ids, len(old_prefix) + 1)))
    )


async def children_ids(session: AsyncSession, model: type[Any], node_id: str) -> list[str]:
    """The ids of a node's direct children."""
    return list((await session.execute(select(model.id).where(model.parent_id == node_id))).scalars().all())


async def descendant_ids(session: AsyncSession, model: type[Any], node: Node) -> set[str]:
    """The ids of every node below ``node``."""
    prefix = f"{node.parent_ids}{node.id},"
    rows = await session.execute(select(model.id).where(starts_with(model.parent_ids, prefix)))
    return set(rows.scalars().all())


async def descendants_outside(session: AsyncSession, model: type[Any], node: Node, allowed: Any) -> int:
    """How many nodes below ``node`` ``allowed`` (a predicate over the model's columns) leaves out."""
    prefix = f"{node.parent_ids}{node.id},"
    stmt = (
        select(func.count())
        .select_from(model)
        .where(starts_with(model.parent_ids, prefix), ~func.coalesce(allowed, false()))
    )
    return int((await session.execute(stmt)).scalar_one())


async def deletable(
    session: AsyncSession, model: type[N], ids: Sequence[str], refusal: type[LoomError]
) -> list[N]:
    """The existing nodes among ``ids``, deepest first; ``refusal(name=…)`` is raised for a node whose
    children are not deleted with it."""
    doomed = [node for node in [await session.get(model, node_id) for node_id in ids] if node is not None]
    for node in doomed:
        if not set(await children_ids(session, model, node.id)) <= set(ids):
            raise refusal(name=getattr(node, "name", ""))
    return sorted(doomed, key=lambda node: len(node.parent_ids), reverse=True)


class NodePublic(Answer):
    """A node as :func:`render_node` answers it: a domain's own fields extend it."""

    id: str
    parent_id: str
    parent_ids: str
    name: str
    sort: int
    remarks: str | None


class NodeTree(NodePublic):
    """A node with the nodes below it (``treeData``)."""

    children: list[NodeTree]


class LabelledPublic(NodePublic):
    """A node whose name is also its ``label`` (the client's tree widgets read it: forms'
    categories, sys's areas)."""

    label: str


class LabelledTree(LabelledPublic):
    """A labelled node with the nodes below it."""

    children: list[LabelledTree]


def render_node(node: Any, **extra: Any) -> dict[str, Any]:
    """A node as the client's tree reads it (id, parentId, parentIds, name, sort, remarks) with the
    domain's own fields in ``extra``."""
    return {
        "id": node.id,
        "parentId": node.parent_id,
        "parentIds": node.parent_ids,
        "name": node.name,
        "sort": node.sort,
        "remarks": node.remarks,
        **extra,
    }


async def whole_tree(
    session: AsyncSession, model: type[Any], render: Callable[[Any], dict[str, Any]] = render_node
) -> list[dict[str, Any]]:
    """Every node of ``model`` as the nested answer (by sort, then name)."""
    return build_tree((await session.execute(select(model))).scalars().all(), render)


def build_tree(
    nodes: Iterable[Any],
    render: Callable[[Any], dict[str, Any]],
    *,
    id_of: Callable[[Any], str] = lambda n: n.id,
    parent_of: Callable[[Any], str] = lambda n: n.parent_id,
    sort_key: Callable[[Any], Any] = lambda n: (n.sort, n.name),
) -> list[dict[str, Any]]:
    """Nested dicts with ``children`` from flat rows; orphans become roots."""
    ordered = sorted(nodes, key=sort_key)
    rendered = {id_of(n): {**render(n), "children": []} for n in ordered}
    roots: list[dict[str, Any]] = []
    for node in ordered:
        parent = rendered.get(parent_of(node))
        (parent["children"] if parent is not None else roots).append(rendered[id_of(node)])
    return roots
