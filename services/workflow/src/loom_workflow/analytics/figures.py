"""The figures of 流程分析 from duration histograms: pure functions, no I/O.

A histogram is what the rollups and the facts both answer: per log bucket, how many durations fell
in it and their sum. Percentiles interpolate inside the bucket that holds the rank, so they are
within a bucket's width (a factor of 2^(1/8)) of the exact value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from loom_workflow.analytics.tables import BUCKETS_PER_DOUBLING


@dataclass(frozen=True)
class Cell:
    """One bucket of one node (or of the whole instance): count and sums."""

    bucket: int
    n: int
    total_ms: int
    overdue: int = 0
    backs: int = 0
    revoked: int = 0


@dataclass(frozen=True)
class Durations:
    """Count, mean and percentiles of a set of durations (ms), and how many were overdue."""

    count: int
    mean_ms: float
    p50_ms: float
    p90_ms: float
    overdue: int
    backs: int
    revoked: int


def bounds(bucket: int) -> tuple[float, float]:
    """The durations (ms) a bucket holds: [low, high)."""
    if bucket <= 0:
        return 0.0, 2 ** (1 / BUCKETS_PER_DOUBLING)
    return 2 ** (bucket / BUCKETS_PER_DOUBLING), 2 ** ((bucket + 1) / BUCKETS_PER_DOUBLING)


def percentile(cells: Iterable[Cell], p: float) -> float:
    """The ``p``-th percentile (0..1) of the durations the cells count, interpolated in its bucket."""
    ordered = sorted((c for c in cells if c.n), key=lambda c: c.bucket)
    total = sum(c.n for c in ordered)
    if not total:
        return 0.0
    rank, seen = p * total, 0
    for cell in ordered:
        if seen + cell.n >= rank:
            low, high = bounds(cell.bucket)
            return low + (high - low) * max(rank - seen, 0) / cell.n
        seen += cell.n
    return bounds(ordered[-1].bucket)[1]


def summarise(cells: Iterable[Cell]) -> Durations:
    """Count, mean, p50, p90 and the summed counters of one node's (or the instance's) cells."""
    kept = list(cells)
    count = sum(c.n for c in kept)
    return Durations(
        count=count,
        mean_ms=sum(c.total_ms for c in kept) / count if count else 0.0,
        p50_ms=percentile(kept, 0.5),
        p90_ms=percentile(kept, 0.9),
        overdue=sum(c.overdue for c in kept),
        backs=sum(c.backs for c in kept),
        revoked=sum(c.revoked for c in kept),
    )


def by_node(cells: Mapping[str, Iterable[Cell]]) -> dict[str, Durations]:
    """Each node's figures, slowest (by mean wait) first."""
    figures = {node: summarise(found) for node, found in cells.items()}
    return dict(sorted(figures.items(), key=lambda item: -item[1].mean_ms))
