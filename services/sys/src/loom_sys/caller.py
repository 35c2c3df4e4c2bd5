"""What the caller may see, handed to the routes of users, offices and menus as a dependency.

The answers come from parts that stand above those routes: the data rules read users, roles and
offices; the grants read roles and menus. So ``main.py`` hands the answers in (:func:`answer_with`)
and a route below only names what it needs (``caller: CallerDep``), asking when its answer
depends on it. Each answer is read in the request's own session.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Protocol

from fastapi import Depends, FastAPI, Request
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.auth import CurrentPrincipal, Principal
from loom_platform.datarules import DataAccess
from loom_platform.db import SessionDep


class AccessLookup(Protocol):
    """What ``user_id`` may see through the menu of the button ``permission`` (the data rules)."""

    def __call__(self, session: AsyncSession, user_id: str, *, permission: str) -> Awaitable[DataAccess]: ...


# The menus granted to ``user_id`` through their enabled roles.
MenuLookup = Callable[[AsyncSession, str], Awaitable[set[str]]]


@dataclass(frozen=True)
class CallerAnswers:
    """Who answers what a caller may see: the data rules and the menu grants."""

    data_access: AccessLookup
    granted_menu_ids: MenuLookup


def answer_with(app: FastAPI, answers: CallerAnswers) -> None:
    """Makes ``answers`` what the app's routes ask about their callers."""
    app.state.caller_answers = answers


@dataclass(frozen=True)
class Caller:
    """The signed-in caller of one request, asked what they may see only when a route needs it."""

    session: AsyncSession
    principal: Principal
    answers: CallerAnswers

    async def data_access(self, permission: str) -> DataAccess:
        """The caller's data access through the menu of the button ``permission``."""
        return await self.answers.data_access(self.session, self.principal.user_id, permission=permission)

    async def granted_menu_ids(self) -> set[str]:
        """The menus granted to the caller."""
        return await self.answers.granted_menu_ids(self.session, self.principal.user_id)


async def _caller(request: Request, session: SessionDep, principal: CurrentPrincipal) -> Caller:
    return Caller(session=session, principal=principal, answers=request.app.state.caller_answers)


CallerDep = Annotated[Caller, Depends(_caller)]
