"""Rendering templates in Jinja2's immutable sandbox.

Templates come from users (template groups are editable), so they run in
``ImmutableSandboxedEnvironment``: no underscore attributes, no mutation of the context, no
loader (no ``include``/``import`` of files) and only the filters below. Data (table comments,
names) is passed as values, never compiled as template text, and written into the generated code
through the escaping filters of :mod:`loom_gencode.generate.escape`.
"""

from __future__ import annotations

import contextvars
import functools
import io
import multiprocessing
import os
import re
import resource
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import forkserver, popen_forkserver, reduction, spawn, util
from multiprocessing.connection import Connection
from multiprocessing.context import set_spawning_popen
from typing import Any

from jinja2 import StrictUndefined, nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from loom_gencode.generate import escape
from loom_gencode.generate.errors import TemplateFailed
from loom_platform.errors import InvalidArgument

MAX_OUTPUT = 2_000_000  # characters of one rendered file
MAX_TOTAL_OUTPUT = 20_000_000  # characters of one generation
MAX_RANGE = 100_000  # items of one range()
MAX_SECONDS = 5.0  # one generation, every template together
MAX_EXPONENT = 1_000
# A render runs in a child process: killed when it outlives its budget by this much, and bounded
# in memory (a string or list built in one C call never reaches a tick).
KILL_GRACE_SECONDS = 1.0
CHILD_MEMORY_BYTES = 2 * 1024**3
# a width or precision of 100,000 or more (or one given as an argument) in '%…d' or '{:…}'
_PERCENT_WIDTH = re.compile(r"%(\([^)]*\))?[#0\- +]*(\*|\d{6,}|\d*\.(\*|\d{6,}))")
_FORMAT_WIDTH = re.compile(r"\{[^{}]*:[^{}]*(\d{6,}|\{)")


class Budget:
    """Time and output one generation may spend; the template's own loops and calls check it.

    Jinja2's sandbox bounds what a template may touch, not how long it runs: a loop of sixty
    million steps stalled gencode for seconds. Every step of every ``for`` loop (whatever it
    iterates: a range, a string, a list), every range step and every call ticks here, and the whole
    generation runs in a child process that is killed at the budget (see :func:`render_isolated`).
    """

    def __init__(self, seconds: float = MAX_SECONDS, max_output: int = MAX_TOTAL_OUTPUT) -> None:
        self.deadline = time.monotonic() + seconds
        self.seconds = seconds
        self.output_left = max_output

    def tick(self) -> None:
        if time.monotonic() > self.deadline:
            raise SecurityError(f"rendering took longer than {self.seconds:g} s")

    def spend(self, characters: int) -> None:
        self.output_left -= characters
        if self.output_left < 0:
            raise SecurityError("output too large")

    def range(self, *args: int) -> Iterator[int]:
        numbers = range(*args)
        if len(numbers) > MAX_RANGE:
            raise SecurityError(f"range longer than {MAX_RANGE}")
        for number in numbers:
            self.tick()
            yield number


_budget: contextvars.ContextVar[Budget] = contextvars.ContextVar("loom_render_budget")


def _camel(value: Any) -> str:
    head, *rest = str(value or "").split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _pascal(value: Any) -> str:
    return "".join(p[:1].upper() + p[1:] for p in str(value or "").split("_") if p)


def _kebab(value: Any) -> str:
    text = re.sub(r"(?<!^)(?=[A-Z])", "-", str(value or "")).replace("_", "-")
    return text.lower()


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox, with every call and ``*``/``**`` checked against the budget."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(right, int | float) and abs(right) > MAX_EXPONENT:
            raise SecurityError("exponent too large")
        if operator == "%" and isinstance(left, str) and _PERCENT_WIDTH.search(left):
            raise SecurityError("format width too large")
        if operator == "*":
            size, times = (left, right) if isinstance(right, int) else (right, left)
            if (
                isinstance(size, str | list | tuple)
                and isinstance(times, int)
                and len(size) * times > MAX_OUTPUT
            ):
                raise SecurityError("output too large")
        return super().call_binop(context, operator, left, right)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """The template's tree with every ``for`` loop's iterable passed through ``loom_steps``."""
        tree = super()._parse(source, name, filename)
        for loop in tree.find_all(nodes.For):
            loop.iter = nodes.Filter(loop.iter, "loom_steps", [], [], None, None, lineno=loop.lineno)
        return tree

    def wrap_str_format(self, value: Any) -> Any:
        """``str.format`` refused for a width or precision that would build a huge string at once."""
        wrapped = super().wrap_str_format(value)
        text = getattr(value, "__self__", None)
        if wrapped is not None and isinstance(text, str) and _FORMAT_WIDTH.search(text):

            def refused(*_args: Any, **_kwargs: Any) -> str:
                raise SecurityError("format width too large")

            return refused
        return wrapped

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        budget = _budget.get(None)
        if budget is not None:
            budget.tick()
        return super().call(__context, __obj, *args, **kwargs)


def _steps(iterable: Iterable[Any]) -> Iterator[Any]:
    """A loop's iterable, each step checked against the render's budget."""
    budget = _budget.get(None)
    for item in iterable:
        if budget is not None:
            budget.tick()
        yield item


def environment() -> ImmutableSandboxedEnvironment:
    """The sandbox every template group renders in."""
    env = BoundedSandbox(
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=StrictUndefined,
    )
    # the escaping filters (py_str, ts_comment, ...: escape.py) for every group, the system's and
    # the users'; the name filters change a name's case, a target filter then writes it
    env.filters.update(escape.FILTERS)
    env.filters.update(camel=_camel, pascal=_pascal, kebab=_kebab, loom_steps=_steps)
    env.globals.clear()  # range comes with each render's budget
    return env


ENV = environment()


@functools.lru_cache(maxsize=64)
def _compiled(source: str) -> Any:
    """A template compiled once per process: a group renders each template for the main table and
    again for every child table."""
    return ENV.from_string(source)


@dataclass(frozen=True)
class Rendered:
    """A rendered file: ``back/...`` or ``front/...`` relative path and its text."""

    path: str
    content: str


def render(name: str, source: str, context: dict[str, Any], budget: Budget | None = None) -> Rendered | None:
    """Renders one template; its ``{% set output_path = ... %}`` names the file (None: no file).

    Whatever goes wrong inside a user's template (a syntax error, ``1/0``, a recursive macro, a
    loop beyond the budget) is that template's fault: a 400 naming it, never a server error.
    """
    budget = budget or Budget()
    token = _budget.set(budget)
    try:
        template = _compiled(source)
        ctx = template.new_context({**context, "range": budget.range}, shared=False)
        chunks: list[str] = []
        size = 0
        for chunk in template.root_render_func(ctx):
            size += len(chunk)
            budget.spend(len(chunk))
            if size > MAX_OUTPUT:
                raise SecurityError("output too large")
            chunks.append(chunk)
        output = ctx.get_exported().get("output_path")
    except Exception as exc:  # the template's own failure, whatever its kind
        detail = str(exc)[:300] or type(exc).__name__
        raise TemplateFailed(name=name, detail=detail) from exc
    finally:
        _budget.reset(token)
    if not output:
        return None
    return Rendered(path=str(output), content="".join(chunks))


def render_all(
    jobs: Sequence[tuple[str, str, dict[str, Any]]], seconds: float = MAX_SECONDS
) -> list[Rendered]:
    """Renders (name, source, context) jobs under one budget; meant for a worker thread."""
    budget = Budget(seconds)
    rendered = (render(name, source, context, budget) for name, source, context in jobs)
    return [file for file in rendered if file is not None]


_PROCESSES = multiprocessing.get_context("forkserver")
_PROCESSES.set_forkserver_preload(["loom_gencode.generate.render"])


class _Launch(popen_forkserver.Popen):
    """Starts a render child without the parent's ``__main__``.

    A fork-server child re-imports the parent's main module before it runs (CPython 3.11's fork
    server never preloads it: it looks for a ``main_path`` key the preparation data does not
    have). For gencode that module is its console script, so every render re-imported the whole
    service: 2-4 s a preview on a busy machine. The child needs nothing of it (its target lives in
    this module), so the main module's entries are left out. Otherwise as the base ``_launch``.
    """

    def _launch(self, process_obj: Any) -> None:
        prep_data = spawn.get_preparation_data(process_obj._name)
        prep_data.pop("init_main_from_path", None)
        prep_data.pop("init_main_from_name", None)
        buf = io.BytesIO()
        set_spawning_popen(self)
        try:
            reduction.dump(prep_data, buf)
            reduction.dump(process_obj, buf)
        finally:
            set_spawning_popen(None)
        self.sentinel, w = forkserver.connect_to_new_process(self._fds)
        _parent_w = os.dup(w)
        self.finalizer = util.Finalize(self, util.close_fds, (_parent_w, self.sentinel))
        with open(w, "wb", closefd=True) as f:
            f.write(buf.getbuffer())
        self.pid = forkserver.read_signed(self.sentinel)


class _RenderProcess(_PROCESSES.Process):  # type: ignore[name-defined,misc]
    @staticmethod
    def _Popen(process_obj: Any) -> Any:  # noqa: N802 - multiprocessing's name
        return _Launch(process_obj)


def _child(results: Connection, jobs: Sequence[tuple[str, str, dict[str, Any]]], seconds: float) -> None:
    """A child process's whole life: render, send the files or the failure, exit."""
    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY_BYTES, CHILD_MEMORY_BYTES))
    try:
        results.send(("ok", render_all(jobs, seconds)))
    except InvalidArgument as exc:
        results.send(("failed", exc.params))
    except BaseException as exc:  # MemoryError and the like: still the template's fault
        results.send(("failed", {"name": "?", "detail": str(exc)[:300] or type(exc).__name__}))
    finally:
        results.close()


def render_isolated(
    jobs: Sequence[tuple[str, str, dict[str, Any]]], label: str, seconds: float = MAX_SECONDS
) -> list[Rendered]:
    """:func:`render_all` in a child process, killed when it outlives ``seconds`` (blocking: call it
    from a worker thread). Whatever a template does, the service's own process keeps its time."""
    received, sent = _PROCESSES.Pipe(duplex=False)
    child = _RenderProcess(target=_child, args=(sent, jobs, seconds), daemon=True)
    child.start()
    sent.close()
    try:
        if not received.poll(seconds + KILL_GRACE_SECONDS):
            raise TemplateFailed(name=label, detail=f"rendering took longer than {seconds:g} s")
        outcome, value = received.recv()
    except (EOFError, OSError) as exc:  # the child died without a word (killed, out of memory)
        raise TemplateFailed(name=label, detail="rendering aborted") from exc
    finally:
        if child.is_alive():
            child.kill()
        child.join(5)
        received.close()
    if outcome != "ok":
        raise TemplateFailed(**value)
    return list(value)
