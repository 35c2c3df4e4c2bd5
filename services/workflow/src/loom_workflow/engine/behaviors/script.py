"""Script tasks without a script engine.

``scriptFormat="juel"`` (or ``juel``-like): the script is one JUEL expression/template; its value is the
result. Any other format (groovy, javascript, ...) is accepted only when every statement is in the tiny
assignment language, so common one-liners keep working and nothing else runs:

    name = <JUEL expression>            # sets a process variable
    execution.setVariable("name", <expr>)
    <JUEL expression>                   # evaluated for its side effects (allow-listed methods only)

Statements are separated by newlines or ``;``. ``def``/``var``/``let`` prefixes are tolerated.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..errors import ExpressionError, UnsupportedFeature
from ..expr import compile_expression
from ..model import ScriptTask
from ..runtime.entities import Execution

if TYPE_CHECKING:
    from ..context import CommandContext

_ASSIGN = re.compile(r"^(?:def\s+|var\s+|let\s+|const\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)\s*(.+)$", re.S)


def _statements(script: str) -> list[str]:
    out: list[str] = []
    for line in script.replace(";", "\n").splitlines():
        text = line.strip()
        if text and not text.startswith(("//", "#")):
            out.append(text)
    return out


def run_script(ctx: CommandContext, execution: Execution, node: ScriptTask) -> object:
    """Runs the script of ``node``; returns the value of the last statement."""
    scope = ctx.agenda.scope(execution)
    if node.script_format in ("juel", "el", "jexl", "expression"):
        return compile_expression(node.script).evaluate(scope)
    result: object = None
    for statement in _statements(node.script):
        try:
            match = _ASSIGN.match(statement)
            if match:
                result = compile_expression("${" + match.group(2) + "}").evaluate(scope)
                ctx.agenda.set_variable(execution, match.group(1), result)
            else:
                result = compile_expression("${" + statement + "}").evaluate(scope)
        except ExpressionError as exc:
            raise UnsupportedFeature(
                f"Script task '{node.id}' ({node.script_format}): only simple assignments and "
                f"expressions are supported, could not run `{statement[:80]}`: {exc.message}"
            ) from exc
    return result
