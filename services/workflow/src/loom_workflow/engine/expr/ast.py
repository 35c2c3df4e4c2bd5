"""Expression tree nodes (immutable)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Literal:
    value: object


@dataclass(frozen=True, slots=True)
class Name:
    name: str


@dataclass(frozen=True, slots=True)
class Member:
    target: Node
    name: str


@dataclass(frozen=True, slots=True)
class Index:
    target: Node
    index: Node


@dataclass(frozen=True, slots=True)
class Call:
    target: Node
    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Unary:
    op: str  # "-", "not", "empty"
    operand: Node


@dataclass(frozen=True, slots=True)
class Binary:
    op: str  # canonical: + - * / % == != < > <= >= and or
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class Conditional:
    test: Node
    then: Node
    otherwise: Node


Node = Literal | Name | Member | Index | Call | Unary | Binary | Conditional
