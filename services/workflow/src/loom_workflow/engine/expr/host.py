"""Objects an expression may touch beyond plain data: our own value types with an allow-list."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from ..errors import ExpressionError


class HostObject(ABC):
    """A value exposed to expressions (``execution``, ``task``, registered beans).

    Implementations decide which properties and methods exist; anything else must raise
    :class:`ExpressionError`. No Python attribute is ever reached by reflection.
    """

    @abstractmethod
    def expr_property(self, name: str) -> object:
        """Returns the property ``name`` (``${execution.id}``)."""

    @abstractmethod
    def expr_call(self, name: str, args: Sequence[object]) -> object:
        """Calls the allow-listed method ``name`` (``${execution.setVariable('a', 1)}``)."""


def no_such_member(owner: str, name: str) -> ExpressionError:
    """The error for a property or method that is not on the allow-list."""
    return ExpressionError(f"Cannot resolve '{name}' on {owner}")
