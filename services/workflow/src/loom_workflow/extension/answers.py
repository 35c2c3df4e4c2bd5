"""sys's answers that a command needs (reviewer rules' users, a role's members, the holiday calendar),
cached, so that no command waits for sys while its instance is locked.

A command runs in an engine thread holding its instance's lock. It reads these answers from the cache
only: on a miss it raises :class:`~loom_workflow.engine.hooks.NeedsPrefetch` naming what it lacks, the
command rolls back (the lock goes with it), its runner (:meth:`WorkflowRuntime.run`, the job worker)
asks sys on the event loop, outside any lock, and runs the command again, now served from the cache.
So a slow sys slows only the commands that need a new answer, and holds no lock meanwhile; an
unreachable sys leaves such a command unanswered (a clear 503) unless an older answer is there, which
is then used.

Answers are dropped when sys announces a change that may alter them (``loom.sys.user|role|office|post
.changed`` drop the reviewer answers, ``loom.sys.dict.changed`` the calendar) and otherwise live
``ttl`` seconds. Without an event loop to defer to (a dry run, engine tests), a miss asks sys at once
through ``run_async`` (``defer=False``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import date
from typing import Any

from loom_platform.errors import Unavailable
from loom_workflow.engine.hooks import NeedsPrefetch
from loom_workflow.extension import deadline_policy

log = logging.getLogger(__name__)

# A question to sys: ("reviewers", rule type, value, initiator, previous executor, current user), or
# ("holidays",). Ids of the run are part of it only for the rule types that name people by them.
Want = tuple[str, ...]
HOLIDAYS: Want = ("holidays",)
_BY_INITIATOR = frozenset({"applyUserId", "applyUserDeptManager"})
_BY_PREVIOUS = frozenset({"previousExecutor", "previousExecutorDeptManager"})
_BY_CURRENT = frozenset({"currentUserId"})
# sys events that may change who a rule names, and those that may change the calendar
_REVIEWER_SUBJECTS = (".user.changed", ".role.changed", ".office.changed", ".post.changed")
_CALENDAR_SUBJECTS = (".dict.changed",)


def reviewers_want(rule_type: str, value: str, *, initiator: str, actor: str) -> Want:
    """The cache key of one rule's users in a run (initiator and actor only where the type uses them)."""
    return (
        "reviewers",
        rule_type,
        value,
        initiator if rule_type in _BY_INITIATOR else "",
        actor if rule_type in _BY_PREVIOUS else "",
        actor if rule_type in _BY_CURRENT else "",
    )


class DirectoryAnswers:
    """The cache of sys's answers (thread-safe: engine threads read, the event loop fills)."""

    def __init__(
        self,
        directory: Any,
        run_async: Callable[[Awaitable[Any]], Any],
        *,
        defer: bool = False,
        ttl: float = 300.0,
        timeout: float = 5.0,
    ) -> None:
        self._directory = directory
        self._run_async = run_async
        self.defer = defer
        self._ttl = ttl
        self._timeout = timeout
        self._lock = threading.Lock()
        self._answers: dict[Want, tuple[float, Any]] = {}
        self.asked = 0  # questions sent to sys (tests, metrics)

    # ------------------------------------------------------------------ inside a command
    def reviewers(self, rule_type: str, value: str, *, initiator: str, actor: str) -> list[str]:
        """The users one rule names (see ``DirectoryClient.resolve_reviewers``)."""
        return list(self._get(reviewers_want(rule_type, value, initiator=initiator, actor=actor)))

    def members(self, roles: Sequence[str], *, wait: bool = False) -> list[str]:
        """The enabled members of roles (a ``role`` rule over them); ``wait``: asked of sys at once on a
        miss, also when deferring (a caller holding no lock, in a thread: the notice consumer)."""
        return list(self._get(reviewers_want("role", ",".join(roles), initiator="", actor=""), wait=wait))

    def holidays(self) -> list[date]:
        """The dates of sys's holiday dictionary."""
        return list(self._get(HOLIDAYS))

    def _get(self, want: Want, *, wait: bool = False) -> Any:
        with self._lock:
            found = self._answers.get(want)
        if found is not None and time.monotonic() - found[0] < self._ttl:
            return found[1]
        if self.defer and not wait:
            raise NeedsPrefetch([want])
        self._run_async(self.fetch([want]))
        with self._lock:
            return self._answers[want][1]

    # ------------------------------------------------------------------ outside any lock
    async def fetch(self, wants: Iterable[Want]) -> None:
        """Asks sys the questions (each at most ``timeout`` seconds). An unanswered question keeps an
        older answer when there is one; without one it raises :class:`Unavailable`."""
        for want in dict.fromkeys(wants):
            try:
                value = await asyncio.wait_for(self._ask(want), self._timeout)
            except Exception as exc:
                with self._lock:
                    stale = self._answers.get(want)
                    if stale is not None:  # used again for a while; asked again after that
                        self._answers[want] = (time.monotonic() - self._ttl + 10.0, stale[1])
                if stale is None:
                    raise Unavailable(detail="sys") from exc
                log.warning("sys did not answer %s; an older answer is used", want[0], exc_info=True)
                continue
            with self._lock:
                self._answers[want] = (time.monotonic(), value)

    async def _ask(self, want: Want) -> Any:
        self.asked += 1
        if want == HOLIDAYS:
            if not hasattr(self._directory, "dict_map"):
                return []
            values = await self._directory.dict_map([deadline_policy.HOLIDAY_DICT])
            return deadline_policy.holidays_of(v.value for v in values.get(deadline_policy.HOLIDAY_DICT, []))
        _, rule_type, value, initiator, previous, current = want
        return list(
            await self._directory.resolve_reviewers(
                [(rule_type, value)],
                initiator_id=initiator,
                previous_executor_id=previous,
                current_user_id=current,
            )
        )

    # ------------------------------------------------------------------ invalidation
    def on_sys_change(self, subject: str) -> None:
        """A sys event: drops the answers it may have changed."""
        if subject.endswith(_REVIEWER_SUBJECTS):
            self.forget(lambda want: want[0] == "reviewers")
        elif subject.endswith(_CALENDAR_SUBJECTS):
            self.forget(lambda want: want == HOLIDAYS)

    def forget(self, which: Callable[[Want], bool] = lambda _want: True) -> None:
        """Drops the answers ``which`` selects (every one by default)."""
        with self._lock:
            for want in [w for w in self._answers if which(w)]:
                del self._answers[want]
