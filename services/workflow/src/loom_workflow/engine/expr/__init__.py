"""Safe JUEL: tokenizer + Pratt parser + evaluator of our own. No Python ``eval``.

``compile_expression("${a > 1}").evaluate({"a": 2})`` -> ``True``. Unknown names raise
:class:`~loom_workflow.engine.errors.ExpressionError` ("Unknown property used in expression").
"""

from ..errors import ExpressionError
from .evaluator import Scope
from .host import HostObject, no_such_member
from .template import Expression, compile_expression


def evaluate(source: str, scope: Scope) -> object:
    """Compiles (cached) and evaluates ``source`` against ``scope``."""
    return compile_expression(source).evaluate(scope)


def evaluate_bool(source: str, scope: Scope) -> bool:
    """Compiles (cached) and evaluates a condition."""
    return compile_expression(source).evaluate_bool(scope)


__all__ = [
    "Expression",
    "ExpressionError",
    "HostObject",
    "Scope",
    "compile_expression",
    "evaluate",
    "evaluate_bool",
    "no_such_member",
]
