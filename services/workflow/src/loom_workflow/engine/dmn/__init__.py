"""DMN 1.3 decisions: the XML model, S-FEEL and the evaluator (pure: no eval, no I/O).

``evaluate_decision(parse_dmn(xml), "approve", {"amount": 1200})`` -> an :class:`Evaluation` with the
result list (one entry map per rule kept by the hit policy) and the audit of every decision of the
requirement graph that ran."""

from .evaluate import Evaluation, evaluate_decision
from .model import Decision, DecisionTable, DmnDefinitions, LiteralExpression, parse_dmn
from .results import map_result

__all__ = [
    "Decision",
    "DecisionTable",
    "DmnDefinitions",
    "Evaluation",
    "LiteralExpression",
    "evaluate_decision",
    "map_result",
    "parse_dmn",
]
