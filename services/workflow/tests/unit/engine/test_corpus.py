"""Every scenario of the shared Flowable corpus runs green on the engine with the in-memory store."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from .corpus_runner import shared_dir
from .corpus_steps import Steps

CORPUS = shared_dir() / "corpus" / "flowable"
# The corpus is kept beside the repository, not in it: a clone without it skips these tests
# (and the PostgreSQL run of the same scenarios) instead of failing to collect them.
HAS_CORPUS = (CORPUS / "SCENARIOS.yaml").is_file()
needs_corpus = pytest.mark.skipif(
    not HAS_CORPUS, reason=f"no Flowable corpus at {CORPUS} (set LOOM_SHARED_DIR)"
)


def _scenarios() -> list[dict[str, Any]]:
    if not HAS_CORPUS:
        return []
    data = yaml.safe_load((CORPUS / "SCENARIOS.yaml").read_text(encoding="utf-8"))
    return list(data["scenarios"])


SCENARIOS = _scenarios()


@needs_corpus
def test_corpus_has_scenarios_with_unique_ids() -> None:
    # given / when
    ids = [s["id"] for s in SCENARIOS]
    # then
    assert ids and len(ids) == len(set(ids))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_scenario_runs_as_flowable_does(scenario: dict[str, Any]) -> None:
    # given
    runner = Steps(scenario, CORPUS)
    # when
    skipped = runner.run()
    # then: every non-optional step held (failures raise); optional skips are reported as warnings
    assert all(isinstance(s, str) for s in skipped)


@needs_corpus
def test_runner_implements_every_step_verb_of_the_readme() -> None:
    # given: the verbs in the README's step table, e.g. "| `start {key, vars}` |" or "`a` / `b`"
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    table = readme.split("Step verbs:", 1)[1].split("## Passing", 1)[0]
    verbs = set()
    for line in table.splitlines():
        first_cell = line.split("|")[1] if line.startswith("|") else ""
        for chunk in first_cell.split("`")[1::2]:
            word = chunk.split()[0].rstrip(":")
            if word.replace("_", "").isalpha() and word.islower():
                verbs.add(word)
    verbs -= {"verb"}
    # when
    missing = sorted(v for v in verbs if not hasattr(Steps, "do_" + v))
    # then
    assert len(verbs) > 30 and missing == []
