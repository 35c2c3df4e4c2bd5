"""``loom-workflow test <model.bpmn> <cases.json>``: a model's process tests from a command line (a
team's CI), on the engine in memory, without a database or an organisation: the BPMN's assignees and
candidate users act. Exit status 0 when every case passes, 1 when one fails, 2 when an input is bad."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from lxml import etree
from pydantic import ValidationError

import loom_workflow.dryrun.messages  # noqa: F401  (registers the catalogues)
import loom_workflow.messages  # noqa: F401
import loom_workflow.proctest.messages  # noqa: F401
from loom_platform.errors import LoomError
from loom_platform.i18n import current_language, translate
from loom_workflow.dryrun.recorder import RecordingResolver
from loom_workflow.engine.model.xml import EXTENSION_NS
from loom_workflow.extension.schemas import TaskDefExtensionSave
from loom_workflow.modeler import bpmn
from loom_workflow.proctest.schemas import CaseSuite, SuiteResult
from loom_workflow.proctest.suite import OfflineResolver, Subject, run_cases


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> int:
    """Runs the cases; returns the exit status."""
    parser = argparse.ArgumentParser(prog="loom-workflow test", description=__doc__)
    parser.add_argument("model", type=Path, help="the BPMN model (.bpmn / .bpmn20.xml)")
    parser.add_argument("cases", type=Path, help='the cases as exported by the designer ({"cases": [...]})')
    parser.add_argument("--call", type=Path, action="append", default=[], help="a process the model calls")
    parser.add_argument("--lang", default="zh-CN", choices=["zh-CN", "en-US"])
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    current_language.set(args.lang)
    try:
        subject = _subject(
            args.model.read_text(encoding="utf-8"), [p.read_text(encoding="utf-8") for p in args.call]
        )
        suite = _suite(args.cases.read_text(encoding="utf-8"))
    except (OSError, ValueError, ValidationError, LoomError) as exc:
        text = exc.message() if isinstance(exc, LoomError) else str(exc)
        sys.stderr.write(f"loom-workflow test: {text}\n")
        return 2
    result = run_cases(subject, suite.cases, {}, _resolver)
    out.write(result.model_dump_json(by_alias=True, indent=2) + "\n" if args.json else _report(result))
    return 0 if result.passed else 1


def _subject(xml: str, called: list[str]) -> Subject:
    key = bpmn.first_process_key(xml)
    model = next(m for m in bpmn.validate(xml, key) if m.id == key)
    calls = {bpmn.first_process_key(c): c for c in called}
    return Subject(key, xml, model, calls, _embedded_extensions(xml, key))


_RULE = ("type", "value", "condition", "operationType", "sort")
_BUTTON = ("name", "code", "sort", "isHide", "next")


def _embedded_extensions(xml: str, key: str) -> dict[str, TaskDefExtensionSave]:
    """The reviewer rules and buttons the designer writes into each user task of the BPMN it
    downloads (``<flowable:assignee>``, ``<flowable:button>``): with no database at hand, the file
    is where a CI finds them (a rule needing the organisation, such as a role, resolves to nobody)."""
    root = etree.fromstring(
        xml.encode("utf-8"), parser=etree.XMLParser(resolve_entities=False, no_network=True)
    )
    found: dict[str, TaskDefExtensionSave] = {}
    for task in root.iter(f"{{{bpmn.BPMN_NS}}}userTask"):
        rules = [_picked(e, _RULE) for ns in EXTENSION_NS for e in task.iter(f"{{{ns}}}assignee")]
        buttons = [_picked(e, _BUTTON) for ns in EXTENSION_NS for e in task.iter(f"{{{ns}}}button")]
        if task.get("id") and (rules or buttons):
            found[task.get("id", "")] = TaskDefExtensionSave.model_validate(
                {
                    "processDefId": key,
                    "taskDefId": task.get("id"),
                    "flowAssigneeList": rules,
                    "flowButtonList": buttons,
                }
            )
    return found


def _picked(element: etree._Element, names: tuple[str, ...]) -> dict[str, str]:
    return {n: str(element.get(n)) for n in names if element.get(n) is not None}


def _suite(text: str) -> CaseSuite:
    data = json.loads(text)
    return CaseSuite.model_validate({"cases": data} if isinstance(data, list) else data)


def _resolver(rules: dict) -> RecordingResolver:  # type: ignore[type-arg]
    def no_async(awaitable: object) -> None:
        close = getattr(awaitable, "close", None)
        if close:
            close()

    return OfflineResolver(None, None, no_async, rules)  # type: ignore[arg-type]


def _report(result: SuiteResult) -> str:
    lines = []
    for case in result.results:
        mark = "PASS" if case.passed else "FAIL"
        lines.append(f"{mark}  {case.name}  ({case.millis} ms)")
        lines += [f"      {f.message}" for f in case.failures]
    lines.append(
        translate(
            "workflow.proctest.summary", passed=str(result.total - result.failed), total=str(result.total)
        )
    )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
