"""Data rules (数据权限): which rows a user may see, as one parameterised SQLAlchemy predicate.

sys owns the rules as data (a role's data scope, a menu's rules granted to roles) and answers a
caller's :class:`DataAccess` for a menu or permission over gRPC. Every list, detail, export and
import of user data then narrows its query with one call::

    from loom_platform.datarules import predicate

    stmt = select(table).where(predicate(access, table.c))          # a list or an export
    row = (await session.execute(stmt.where(table.c.id == id))).first()  # by id: None -> 404

``columns`` maps the names a rule may use to columns (``table.c`` will do). A rule names a column
and an operator from :data:`OPERATORS`; its value is bound as a parameter, and the placeholders of
:data:`PLACEHOLDERS` stand for the viewer. No text of a rule ever becomes SQL: a field that is not
one of ``columns`` and a value that does not fit the column's type match no row, so a rule written
for another table hides rows rather than showing them. :func:`check_rule` refuses, when a rule is
saved, what could never compile.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import and_, false, or_, true
from sqlalchemy.sql.elements import ColumnElement

from loom_platform.errors import InvalidArgument
from loom_platform.i18n import EN, ZH, register
from loom_platform.paging import contains, ends_with, starts_with

# JeePlus's sys_data_scope dictionary.
SCOPE_ALL = "1"
SCOPE_COMPANY_AND_CHILDREN = "2"
SCOPE_COMPANY = "3"
SCOPE_OFFICE_AND_CHILDREN = "4"
SCOPE_OFFICE = "5"
SCOPE_SELF = "8"
SCOPE_CUSTOM = "9"
SCOPES = (
    SCOPE_ALL,
    SCOPE_COMPANY_AND_CHILDREN,
    SCOPE_COMPANY,
    SCOPE_OFFICE_AND_CHILDREN,
    SCOPE_OFFICE,
    SCOPE_SELF,
    SCOPE_CUSTOM,
)


@dataclass(frozen=True)
class Viewer:
    """Who looks: the values the placeholders stand for."""

    user_id: str
    login_name: str = ""
    office_id: str = ""
    company_id: str = ""
    office_tree: tuple[str, ...] = ()  # the viewer's department and every office below it
    company_tree: tuple[str, ...] = ()  # the viewer's company and every office below it


@dataclass(frozen=True)
class Rule:
    """One condition of a menu: ``field operator value``."""

    field: str
    operator: str
    value: str = ""


@dataclass(frozen=True)
class DataAccess:
    """What one viewer may see through one menu: the union of their roles' scopes, and the menu's
    rules granted to those roles (all of them hold)."""

    viewer: Viewer
    everything: bool = True
    user_ids: frozenset[str] = field(default_factory=frozenset)  # rows these users created
    office_ids: frozenset[str] = field(default_factory=frozenset)  # rows of these offices
    rules: tuple[Rule, ...] = ()


PLACEHOLDERS: Mapping[str, Callable[[Viewer], str | tuple[str, ...]]] = {
    "#{currentUser.id}": lambda v: v.user_id,
    "#{currentUser.loginName}": lambda v: v.login_name,
    "#{currentUser.office.id}": lambda v: v.office_id,
    "#{currentUser.company.id}": lambda v: v.company_id,
    "#{currentUser.office.children}": lambda v: v.office_tree,
    "#{currentUser.company.children}": lambda v: v.company_tree,
}

_UNARY: Mapping[str, Callable[[Any], ColumnElement[bool]]] = {
    "is_null": lambda c: c.is_(None),
    "is_not_null": lambda c: c.is_not(None),
}
_COMPARE: Mapping[str, Callable[[Any, Any], ColumnElement[bool]]] = {
    "=": lambda c, v: c == v,
    "!=": lambda c, v: c != v,
    ">": lambda c, v: c > v,
    ">=": lambda c, v: c >= v,
    "<": lambda c, v: c < v,
    "<=": lambda c, v: c <= v,
}
_LIKE = {"like": contains, "left_like": ends_with, "right_like": starts_with}
_LIST = {"in", "not_in"}
OPERATORS = (*_COMPARE, *_LIKE, *_LIST, *_UNARY)
_FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")


class RuleInvalid(InvalidArgument):
    message_key = "datarule.invalid"


def check_rule(rule: Rule) -> None:
    """Refuses a rule that could never compile (raised when it is saved)."""
    if not _FIELD.match(rule.field or ""):
        raise RuleInvalid("datarule.field_invalid", field=rule.field)
    if rule.operator not in OPERATORS:
        raise RuleInvalid("datarule.operator_invalid", operator=rule.operator)
    value = (rule.value or "").strip()
    if rule.operator in _UNARY:
        return
    if not value:
        raise RuleInvalid("datarule.value_required")
    for token in re.findall(r"#\{[^}]*\}", value):
        if token not in PLACEHOLDERS:
            raise RuleInvalid("datarule.placeholder_unknown", placeholder=token)
    if "#{" in value and value not in PLACEHOLDERS and rule.operator not in _LIST:
        raise RuleInvalid("datarule.placeholder_alone")


def predicate(
    access: DataAccess, columns: Mapping[str, Any], *, owner: str = "create_by", office: str | None = None
) -> ColumnElement[bool]:
    """The rows ``access`` allows, over ``columns`` (``table.c`` or a name-to-column mapping).

    The scope keeps rows created by one of ``access.user_ids`` (column ``owner``) or, when
    ``office`` names a column, rows of one of ``access.office_ids``; every rule must hold too.
    """
    clauses = [] if access.everything else [_scope(access, columns, owner, office)]
    clauses.extend(_compile(rule, columns, access.viewer) for rule in access.rules)
    return and_(true(), *clauses)


def _column(columns: Mapping[str, Any], name: str | None) -> Any:
    if not name:
        return None
    try:
        return columns[name]
    except KeyError:
        return None


def _scope(
    access: DataAccess, columns: Mapping[str, Any], owner: str, office: str | None
) -> ColumnElement[bool]:
    parts: list[ColumnElement[bool]] = []
    owner_column, office_column = _column(columns, owner), _column(columns, office)
    if owner_column is not None and access.user_ids:
        parts.append(owner_column.in_(sorted(access.user_ids)))
    if office_column is not None and access.office_ids:
        parts.append(office_column.in_(sorted(access.office_ids)))
    return or_(*parts) if parts else false()


def _typed(column: Any, value: str) -> Any:
    """``value`` as the column's Python type; ``None`` when it does not fit."""
    try:
        kind = column.type.python_type
    except (AttributeError, NotImplementedError):
        return value
    if kind is str:
        return value
    try:
        return kind(value)
    except (TypeError, ValueError):
        return None


def _values(rule: Rule, viewer: Viewer) -> tuple[str, ...]:
    raw = (rule.value or "").strip()
    if raw in PLACEHOLDERS:
        found = PLACEHOLDERS[raw](viewer)
        return found if isinstance(found, tuple) else (found,)
    out: list[str] = []
    for part in raw.split(","):
        part = part.strip()
        if part in PLACEHOLDERS:
            found = PLACEHOLDERS[part](viewer)
            out.extend(found if isinstance(found, tuple) else (found,))
        elif part:
            out.append(part)
    return tuple(out)


def _compile(rule: Rule, columns: Mapping[str, Any], viewer: Viewer) -> ColumnElement[bool]:
    column = _column(columns, rule.field)
    if column is None or rule.operator not in OPERATORS:
        return false()
    if rule.operator in _UNARY:
        return _UNARY[rule.operator](column)
    values = _values(rule, viewer) if rule.operator in _LIST or "#{" in (rule.value or "") else (rule.value,)
    typed = [t for t in (_typed(column, v) for v in values) if t is not None]
    if rule.operator in _LIST or len(values) > 1:
        if rule.operator in ("not_in", "!="):
            return column.not_in(typed) if typed else true()
        return column.in_(typed) if typed else false()
    if not typed:
        return false()
    if rule.operator in _LIKE:
        return _LIKE[rule.operator](column, str(typed[0]), any_case=False)
    return _COMPARE[rule.operator](column, typed[0])


register(
    {
        "datarule.invalid": {ZH: "数据规则无效", EN: "The data rule is invalid"},
        "datarule.field_invalid": {
            ZH: "规则字段'{field}'无效，只能是字母、数字和下划线组成的列名",
            EN: "Rule field '{field}' is invalid: a column name of letters, digits and underscores",
        },
        "datarule.operator_invalid": {
            ZH: "规则条件'{operator}'无效",
            EN: "Rule operator '{operator}' is invalid",
        },
        "datarule.value_required": {ZH: "规则值不能为空", EN: "The rule needs a value"},
        "datarule.placeholder_unknown": {
            ZH: "规则值中的变量'{placeholder}'不存在",
            EN: "Unknown variable '{placeholder}' in the rule value",
        },
        "datarule.placeholder_alone": {
            ZH: "变量只能单独作为规则值使用（或用于in/not in列表）",
            EN: "A variable must be the whole value (or an item of an in/not in list)",
        },
        "datarule.sql_refused": {
            ZH: "不支持自定义sql，请使用规则字段、规则条件和规则值",
            EN: "Custom SQL is not supported: use the field, operator and value",
        },
    }
)
