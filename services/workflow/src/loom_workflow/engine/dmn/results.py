"""``mapDecisionResult`` of a business-rule task (Camunda's names, the seed's options): what of a
decision's result list goes into the result variable."""

from __future__ import annotations

from ..errors import DecisionError

MAPPINGS = ("singleEntry", "singleResult", "collectEntries", "resultList")


def map_result(results: list[dict[str, object]], mapping: str, *, decision: str) -> object:
    """``singleEntry``: the one value of the one result (null when none); ``singleResult``: the one
    result's entry map; ``collectEntries``: the one output's value of every result; ``resultList``
    (default): every result's entry map. A result that does not fit the mapping is an error."""
    if mapping not in MAPPINGS:
        raise DecisionError(f"Unknown mapDecisionResult '{mapping}' (one of {', '.join(MAPPINGS)})")
    if mapping == "resultList":
        return [dict(r) for r in results]
    if mapping == "collectEntries":
        values: list[object] = []
        for result in results:
            _one_entry(result, mapping, decision)
            values.extend(result.values())
        return values
    if len(results) > 1:
        raise DecisionError(
            f"Decision '{decision}' gave {len(results)} results; mapDecisionResult '{mapping}' needs at most one"
        )
    if not results:
        return None
    if mapping == "singleResult":
        return dict(results[0])
    _one_entry(results[0], mapping, decision)
    return next(iter(results[0].values()), None)


def _one_entry(result: dict[str, object], mapping: str, decision: str) -> None:
    if len(result) > 1:
        raise DecisionError(
            f"Decision '{decision}' gave a result of {len(result)} outputs; "
            f"mapDecisionResult '{mapping}' needs one output"
        )
