"""Every fixed validator and data type against its passing and failing value in cases.json."""

import json
import shutil
import subprocess
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from loom_form_rules import load, passes_data_type, passes_validator

CASES = json.loads(resources.files("loom_form_rules").joinpath("cases.json").read_text("utf-8"))
TABLE = load()


def test_the_table_has_every_fixed_validator_of_the_seed_and_a_case_for_each():
    # given / when / then: 39 fixed validators and 10 data types, all with cases
    assert len(TABLE.validators) >= 39
    assert set(CASES["validators"]) == set(TABLE.validators)
    assert set(CASES["dataTypes"]) == set(TABLE.data_types)
    for rule in TABLE.raw["validators"]:
        assert rule["message"]["zh-CN"] and rule["message"]["en-US"] and rule["label"]["zh-CN"]


@pytest.mark.parametrize("name", sorted(CASES["validators"]))
def test_fixed_validator_accepts_its_good_value_and_refuses_its_bad_one(name):
    # given
    rule, case = TABLE.validators[name], CASES["validators"][name]
    # when / then
    assert passes_validator(rule, case["pass"])
    assert not passes_validator(rule, case["fail"])


@pytest.mark.parametrize("name", sorted(CASES["dataTypes"]))
def test_data_type_accepts_its_good_value_and_refuses_its_bad_one(name):
    rule, case = TABLE.data_types[name], CASES["dataTypes"][name]
    assert passes_data_type(rule, case["pass"])
    assert not passes_data_type(rule, case["fail"])


@pytest.mark.parametrize("empty", [None, "", []])
def test_empty_values_pass_every_fixed_validator(empty):
    assert all(passes_validator(rule, empty) for rule in TABLE.validators.values())


@given(st.text(min_size=1, max_size=12))
def test_a_trailing_newline_never_sneaks_past_an_anchor(text):
    # Python's `$` matches before a final newline; fullmatch must not let "x\n" through.
    for name in ("mobile", "digits", "letters", "integer"):
        rule = TABLE.validators[name]
        if passes_validator(rule, text):
            assert not passes_validator(rule, text + "\n")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_javascript_regexp_agrees_with_python_on_every_case():
    # given: the same table read by JavaScript's RegExp (no flags), as the renderer does
    folder = Path(resources.files("loom_form_rules"))  # type: ignore[arg-type]
    script = (
        "const t=require(process.argv[1]),c=require(process.argv[2]);const out={};"
        "for(const v of t.validators){const r=new RegExp(v.pattern);const k=c.validators[v.name];"
        "out[v.name]=[r.test(String(k.pass))||k.pass==='',r.test(String(k.fail))];}"
        "console.log(JSON.stringify(out));"
    )
    # when
    done = subprocess.run(
        ["node", "-e", script, str(folder / "validators.json"), str(folder / "cases.json")],
        capture_output=True,
        text=True,
        check=True,
    )
    # then
    for name, (good, bad) in json.loads(done.stdout).items():
        assert good and not bad, name
