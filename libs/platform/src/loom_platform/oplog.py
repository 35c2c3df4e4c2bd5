"""The operation log: every write through a service, and every login and logout, recorded for sys.

:class:`OperationLogMiddleware` watches each request that changes something (POST, PUT, PATCH,
DELETE, the logout, and a request of any other method that committed a write: the JeePlus client
deletes some records with ``GET …/delete``) and, once the response has been sent, writes one outbox
row in a short transaction of its own, off the request's path: the request is neither slowed nor failed by its
log. The relay publishes the row to ``loom.log.<service>`` on the ``LOOM_LOG`` stream, where sys
stores it (``/sys/log/list``). The payload is the JSON form of ``loom.sys.v1.OperationLogged``
(the platform library imports no service contract).

``before`` and ``after`` come from the request's ORM flushes (:func:`_record_flush`): for each
record updated, the fields that changed with their old and new values; for each record deleted,
its fields; for each record inserted, its fields. They are keyed ``"<table> <id>"``. A write made
with a Core statement is not seen there: its writer says what it changed with :func:`record` (the
workflow engine's change sets, forms' online-form records through gencode's data service). A write
no one describes logs the request's body as its ``after`` and no ``before``.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import orjson
from sqlalchemy import event, insert, inspect
from sqlalchemy.orm import ORMExecuteState, Session
from sqlalchemy.sql.elements import TextClause
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from loom_platform import logtitles
from loom_platform.logging import REQUEST_ID_HEADER, request_id
from loom_platform.outbox import CONTENT_TYPE_HEADER, MESSAGE_TYPE_HEADER, OutboxRecord, _wake, utcnow

log = logging.getLogger("loom.oplog")

MESSAGE_TYPE = "loom.sys.v1.OperationLogged"
JSON = "application/json"

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Routes that change nothing though they are posted, and the token refresh (logged by nobody).
QUIET = frozenset({"/sys/refreshToken", "/sys/file/downloadTicket"})
LOGIN, LOGOUT = "/sys/login", "/sys/logout"
MASKED = ("password", "pwd", "secret", "token")
MAX_BODY = 64 * 1024
MAX_PARAMS = 4000
MAX_ANSWER = 8 * 1024
MAX_CHANGED_RECORDS = 50
MAX_VALUE = 500
# Stamps every update touches: they say nothing about what the user changed.
UNCHANGING = frozenset({"update_date", "update_by", "updated_at", "revision", "rev"})

# Type values of JeePlus's sys_log_type.
TYPE_LOGIN, TYPE_EXCEPTION, TYPE_OPERATION = "1", "3", "4"

# The writer of the queued entries (at most one at a time) and the entries waiting, by database engine.
_pending: set[asyncio.Task[None]] = set()
_queue: dict[Any, list[dict[str, Any]]] = {}
# How long the writer waits for more entries before it writes what is queued: each write is a
# transaction and wakes the outbox relay for a round of its own, so at 40-100 requests a second
# 50 ms makes one insert and one relay round of 2-5 entries (10 ms: mostly one each, issue 38).
_GATHER_SECONDS = 0.05
_OUTBOX = OutboxRecord.__table__  # type: ignore[attr-defined]

# A record a logged request changed: ("<table> <id>", before, after).
Change = tuple[str, dict[str, Any] | None, dict[str, Any] | None]
# The records the current logged request changed; None outside such a request.
_changes: ContextVar[list[Change] | None] = ContextVar("loom_oplog_changes", default=None)
# Descriptions deferred by writers (:func:`record_later`), run when the changes are read.
_later: ContextVar[list[Callable[[], None]] | None] = ContextVar("loom_oplog_later", default=None)
# The commits of business writes the current request made (one entry per commit).
_committed: ContextVar[list[bool] | None] = ContextVar("loom_oplog_committed", default=None)
# A session's ``info`` key: it wrote a business record since its last commit or rollback.
_WROTE = "loom_oplog_wrote"
DML = ("insert", "update", "delete", "merge", "copy", "truncate")


@contextmanager
def collecting() -> Iterator[list[Change]]:
    """Collects the records changed inside the block (a logged request; a test of a writer). The
    descriptions deferred with :func:`record_later` are added when the block ends."""
    changes: list[Change] = []
    later: list[Callable[[], None]] = []
    token, later_token = _changes.set(changes), _later.set(later)
    committed_token = _committed.set([])
    try:
        yield changes
    finally:
        _committed.reset(committed_token)
        _later.reset(later_token)
        try:
            for describe in later:  # their record() calls land in ``changes``
                describe()
        except Exception:  # the log never fails the request it describes
            log.exception("a deferred change description failed")
        finally:
            _changes.reset(token)


def _value(value: Any) -> Any:
    if isinstance(value, str) and len(value) > MAX_VALUE:
        return value[:MAX_VALUE] + "…"
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)[:MAX_VALUE]


def _fields(state: Any) -> dict[str, Any]:
    return {
        a.key: _value(state.dict.get(a.key)) for a in state.mapper.column_attrs if a.key not in UNCHANGING
    }


def _record_flush(session: Session, _context: Any, _instances: Any) -> None:
    """Before a flush inside a logged request, notes what it will change (old values are still there)."""
    found = _changes.get()
    if found is None or len(found) >= MAX_CHANGED_RECORDS:
        return
    for obj in session.dirty:
        state = inspect(obj)
        if not _recorded(state):
            continue
        _note_labels(state)
        before, after = {}, {}
        for attr in state.mapper.column_attrs:
            history = state.attrs[attr.key].history
            if attr.key in UNCHANGING or not history.has_changes():
                continue
            before[attr.key] = _value(history.deleted[0]) if history.deleted else None
            after[attr.key] = _value(history.added[0]) if history.added else None
        if before != after:
            found.append((_key(state), before, after))
    gone = [inspect(obj) for obj in session.deleted]
    added = [inspect(obj) for obj in session.new]
    for state in (*gone, *added):
        if _recorded(state):
            _note_labels(state)
    found.extend((_key(state), _fields(state), None) for state in gone if _recorded(state))
    found.extend((_key(state), None, _fields(state)) for state in added if _recorded(state))
    del found[MAX_CHANGED_RECORDS:]


def _recorded(state: Any) -> bool:
    """A business record, not the platform's own bookkeeping (outbox, queues: tables ``loom_*``)."""
    return not str(state.mapper.persist_selectable.name).startswith("loom_")


def _key(state: Any) -> str:
    identity = state.identity or tuple(state.dict.get(c.key) for c in state.mapper.primary_key)
    return f"{state.mapper.persist_selectable.name} {','.join(str(i) for i in identity)}"


event.listen(Session, "before_flush", _record_flush)


def committed_a_write() -> bool:
    """True when the current logged request has committed a business write (ORM or Core)."""
    return bool(_committed.get())


def _note_flush(session: Session, _context: Any, _instances: Any) -> None:
    """A flush that writes a business record marks its session (counted once committed)."""
    if _committed.get() is None:
        return
    states = [inspect(o) for o in (*session.new, *session.deleted)]
    states += [inspect(o) for o in session.dirty if session.is_modified(o)]
    if any(_recorded(state) for state in states):
        session.info[_WROTE] = True


def _note_statement(state: ORMExecuteState) -> None:
    """A Core ``insert``/``update``/``delete`` (or such a text) of a business table marks its session."""
    if _committed.get() is None or state.is_select:
        return
    statement = state.statement
    if isinstance(statement, TextClause):
        writes = statement.text.lstrip().split(" ", 1)[0].lower() in DML
    else:
        table = getattr(statement, "table", None)
        writes = (state.is_insert or state.is_update or state.is_delete) and not str(
            getattr(table, "name", "")
        ).startswith("loom_")
    if writes:
        state.session.info[_WROTE] = True


def _note_commit(session: Session) -> None:
    found = _committed.get()
    if session.info.pop(_WROTE, False) and found is not None:
        found.append(True)


def _forget_writes(session: Session) -> None:
    session.info.pop(_WROTE, None)


event.listen(Session, "before_flush", _note_flush)
event.listen(Session, "do_orm_execute", _note_statement)
event.listen(Session, "after_commit", _note_commit)
event.listen(Session, "after_rollback", _forget_writes)


def recording() -> bool:
    """True inside a logged request that can take more changed records (a writer may skip building them)."""
    found = _changes.get()
    return found is not None and len(found) < MAX_CHANGED_RECORDS


def record(
    table: str,
    key: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    labels: dict[str, str] | None = None,
) -> None:
    """Notes a record a write changed without the ORM: ``before`` the old values of the fields it
    changed (or every field of a deleted record), ``after`` the new ones (or those of an inserted
    record), ``labels`` the fields' names as the user knows them. Outside a logged request,
    nothing. Stamps (``update_date``...) are left out."""
    found = _changes.get()
    if found is None or len(found) >= MAX_CHANGED_RECORDS:
        return
    if labels:
        _labels[table] = {**_labels.get(table, {}), **labels}

    def kept(values: dict[str, Any] | None) -> dict[str, Any] | None:
        return None if values is None else {k: _value(v) for k, v in values.items() if k not in UNCHANGING}

    old, new = kept(before), kept(after)
    if old or new:
        found.append((f"{table} {key}", old, new))


def record_later(describe: Callable[[], None]) -> None:
    """Defers a writer's description of its changes (``describe`` calls :func:`record`) until the
    request's changes are read, after its response: a writer holding a lock or a transaction (the
    workflow engine's command) hands over what it changed and builds nothing meanwhile. Outside a
    logged request, nothing."""
    later = _later.get()
    if later is not None and recording():
        later.append(describe)


def _masked_changes(changes: list[Change]) -> tuple[str, str]:
    """``before`` and ``after`` as JSON objects keyed by record (masked like the parameters)."""
    before = {key: _masked(old) for key, old, _ in changes if old is not None}
    after = {key: _masked(new) for key, _, new in changes if new is not None}
    return (orjson.dumps(before).decode() if before else "", orjson.dumps(after).decode() if after else "")


def _masked(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: "******" if any(m in k.lower() for m in MASKED) else _masked(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_masked(v) for v in value[:50]]
    return value


def _json(raw: bytes) -> Any:
    try:
        return orjson.loads(raw) if raw else None
    except orjson.JSONDecodeError:
        return None


def _ids(query: dict[str, str], body: Any, answer: Any) -> str:
    found: list[str] = []
    for source in (query, body if isinstance(body, dict) else {}, answer if isinstance(answer, dict) else {}):
        for key in ("id", "ids"):
            value = source.get(key)
            if isinstance(value, str) and value:
                found.extend(v for v in value.split(",") if v)
    return ",".join(dict.fromkeys(found))[:2000]


def _after(body: Any) -> str:
    if not isinstance(body, dict):
        return ""
    return orjson.dumps(_masked(body)).decode()[:MAX_PARAMS]


# The labels of the tables' fields a logged write changed, by table: a generated module's columns
# carry their design's comments (SQLModel ``description``), a writer without the ORM names them
# (:func:`record`). Process-wide: a table's labels change only with its code.
_labels: dict[str, dict[str, str]] = {}


def _note_labels(state: Any) -> None:
    """Remembers the labels of a record's class, once per table."""
    table = str(state.mapper.persist_selectable.name)
    if table in _labels:
        return
    fields = getattr(state.class_, "model_fields", None) or {}
    _labels[table] = {
        name: str(info.description)
        for name, info in fields.items()
        if getattr(info, "description", None) and name not in UNCHANGING
    }


def _changed_labels(changes: list[Change]) -> str:
    """The labels of the fields ``changes`` name, ``{table: {field: label}}`` as JSON ("" if none)."""
    found: dict[str, dict[str, str]] = {}
    for key, before, after in changes:
        table = key.split(" ", 1)[0]
        known = _labels.get(table) or {}
        for field in {*(before or {}), *(after or {})}:
            if field in known:
                found.setdefault(table, {})[field] = known[field]
    return orjson.dumps(found).decode() if found else ""


class OperationLogMiddleware:
    """Records writes, logins and logouts after their response (pure ASGI, cheap on the way)."""

    def __init__(self, app: ASGIApp, service: str, subject: str = "loom.log") -> None:
        self.app = app
        self.service = service
        self.subject = f"{subject}.{service}"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        method = scope.get("method", "")
        path = scope.get("path", "")
        if scope["type"] != "http" or path in QUIET:
            await self.app(scope, receive, send)
            return
        # another method is logged when it committed a write (``GET …/delete``)
        always = method in WRITES or path == LOGOUT
        started = time.perf_counter()
        body = bytearray()
        answer = bytearray()
        status = 500
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        keep_body = not headers.get("content-type", "").startswith("multipart/")

        async def _receive() -> Message:
            message = await receive()
            if keep_body and message["type"] == "http.request" and len(body) < MAX_BODY:
                body.extend(message.get("body", b"")[: MAX_BODY - len(body)])
            return message

        async def _send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body" and len(answer) < MAX_ANSWER:
                answer.extend(message.get("body", b"")[: MAX_ANSWER - len(answer)])
            await send(message)

        changes: list[Change] = []
        wrote = False
        try:
            with collecting() as changes:
                try:
                    await self.app(scope, _receive, _send)
                finally:
                    wrote = committed_a_write()
        finally:
            if always or wrote:
                self._log(scope, headers, bytes(body), bytes(answer), status, started, changes)

    def _log(
        self,
        scope: Scope,
        headers: dict[str, str],
        body: bytes,
        answer: bytes,
        status: int,
        started: float,
        changes: list[Change],
    ) -> None:
        elapsed = int((time.perf_counter() - started) * 1000)
        try:
            entry = self._entry(scope, headers, body, answer, status, elapsed)
            if status < 400 and changes and scope["path"] not in (LOGIN, LOGOUT):
                entry["before"], entry["after"] = _masked_changes(changes)
                entry["labels"] = _changed_labels(changes)
            self._write_later(scope, entry)
        except Exception:  # the log never fails the request it describes
            log.exception("operation log entry could not be built")

    def _entry(
        self, scope: Scope, headers: dict[str, str], body: bytes, answer: bytes, status: int, elapsed: int
    ) -> dict[str, Any]:
        query = dict(_query(scope))
        parsed_body, parsed_answer = _json(body), _json(answer)
        state = scope.get("state") or {}
        principal = state.get("principal")
        path = scope["path"]
        ok = status < 400
        login_name = getattr(principal, "login_name", "")
        if path == LOGIN and isinstance(parsed_body, dict):
            login_name = str(parsed_body.get("username", ""))[:100]
        error = ""
        if not ok:
            error = (
                str(parsed_answer.get("msg", ""))
                if isinstance(parsed_answer, dict)
                else answer.decode("utf-8", "replace")
            )[:2000]
        params = orjson.dumps({"query": _masked(query), "body": _masked(parsed_body)}).decode()[:MAX_PARAMS]
        kind = (
            TYPE_LOGIN
            if path in (LOGIN, LOGOUT)
            else (TYPE_OPERATION if ok or status < 500 else TYPE_EXCEPTION)
        )
        forwarded = headers.get("x-forwarded-for", "").split(",")[0].strip()
        client = scope.get("client") or ("", 0)
        # the menu and the action, named by keys sys turns into words (loom_platform.logtitles)
        described = logtitles.describe(scope, self.service, query, parsed_body)
        return {
            "id": uuid.uuid4().hex,
            "type": kind,
            "title": described.fallback(),
            "menu": described.menu,
            "action": described.action,
            "service": self.service,
            "userId": getattr(principal, "user_id", ""),
            "loginName": login_name,
            "remoteAddr": forwarded or client[0] or "",
            "userAgent": headers.get("user-agent", "")[:255],
            "requestUri": path[:1000],
            "requestType": scope["method"],
            "params": params,
            "recordIds": _ids(query, parsed_body, parsed_answer if ok else None),
            # The values a successful write stored: its body, unless its ORM flushes say more (above).
            "before": "",
            "after": _after(parsed_body) if ok and path not in (LOGIN, LOGOUT) else "",
            "result": "success" if ok else "fail",
            "exception": error,
            "recordTime": str(elapsed),
            "createdAt": str(int(time.time() * 1000)),
        }

    def _write_later(self, scope: Scope, entry: dict[str, Any]) -> None:
        app = scope.get("app")
        engine = getattr(getattr(app, "state", None), "engine", None)
        if engine is None:
            return
        _queue.setdefault(engine, []).append(
            {
                "id": uuid.uuid4().hex,
                "subject": self.subject,
                "payload": orjson.dumps(entry),
                "headers": {
                    CONTENT_TYPE_HEADER: JSON,
                    MESSAGE_TYPE_HEADER: MESSAGE_TYPE,
                    REQUEST_ID_HEADER: request_id.get(),
                },
                "created_at": utcnow(),
            }
        )
        loop = asyncio.get_running_loop()
        for stale in [t for t in _pending if t.done() or t.get_loop() is not loop]:  # (a test's closed loop)
            _pending.discard(stale)
        if not _pending:  # one writer at a time takes everything queued meanwhile
            task = loop.create_task(_write_queued())
            _pending.add(task)
            task.add_done_callback(_pending.discard)


def _query(scope: Scope) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    raw = scope.get("query_string", b"").decode("latin-1")
    return parse_qsl(raw, keep_blank_values=True)[:100]


async def _write_queued() -> None:
    """Writes the queued entries, each database's in ONE statement of a short transaction of its own
    (a Core insert: no ORM unit of work per entry), until none is left; entries queued meanwhile go
    with the next round. At 100 writes per second this is one insert per ~5 requests, not one
    transaction per request."""
    while _queue:
        await asyncio.sleep(_GATHER_SECONDS)  # let the requests answering now queue theirs
        engine, rows = _queue.popitem()
        try:
            async with engine.begin() as conn:
                await conn.execute(insert(_OUTBOX), rows)
            _wake.set()
        except Exception:  # the database may be gone; the requests have long been answered
            log.exception("%d operation log entries not written", len(rows))


async def drain() -> None:
    """Waits for the log entries still being written (tests, shutdown)."""
    while _pending:
        await asyncio.gather(*list(_pending), return_exceptions=True)
