"""Answers declared as models write what the untyped answers wrote: the same keys, the same text."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import ValidationError
from sqlmodel import Field

from loom_platform.crud import camel, camel_model
from loom_platform.http import JSON
from loom_platform.records import Record
from loom_platform.wire import Answer

WHEN = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)


class Note(Answer):
    id: str
    create_date: datetime
    remarks: str | None = None
    value: Any = None


class Thing(Record, table=True):
    __tablename__ = "answers_thing"
    name: str = Field(default="")


def _client() -> TestClient:
    app = FastAPI(default_response_class=JSON)
    answer = {"id": "1", "createDate": WHEN, "value": {"when": WHEN, "amount": Decimal("2.50")}}

    @app.get("/untyped")
    async def untyped() -> Any:
        return answer

    @app.get("/typed", response_model=Note, response_model_exclude_unset=True)
    async def typed() -> Any:
        return answer

    return TestClient(app)


def test_a_typed_answer_writes_the_bytes_the_untyped_one_wrote() -> None:
    # given the same answer served as -> Any and with its model (a key it leaves out, remarks)
    client = _client()
    # when both are read
    untyped, typed = client.get("/untyped"), client.get("/typed")
    # then the client reads the same text, the left-out key still left out
    assert typed.content == untyped.content
    assert "remarks" not in typed.json()


def test_an_answer_refuses_a_key_it_does_not_name_and_a_value_of_another_type() -> None:
    with pytest.raises(ValidationError):
        Note.model_validate({"id": "1", "createDate": WHEN, "surprise": 1})
    with pytest.raises(ValidationError):
        Note.model_validate({"id": 1, "createDate": WHEN})
    with pytest.raises(ValidationError):
        Note.model_validate({"id": "1", "createDate": "2026-11-28"})


def test_a_record_answered_in_camel_case_names_every_column() -> None:
    # given a record with every column answered in camelCase
    record = Thing(id="t", name="n", create_date=WHEN, update_date=WHEN)
    # when its model reads it
    answer = camel_model(Thing).model_validate(camel(record))
    # then each column is there under its wire name
    assert answer.model_dump(by_alias=True) == camel(record)
