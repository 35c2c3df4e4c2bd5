"""A URL's libpq ``options`` reach the asyncpg engine's sessions (the app host's test sandboxes)."""

from __future__ import annotations

import os
import uuid

import psycopg
import pytest
from sqlalchemy import text

from loom_platform.db import create_engine, server_settings

URL = os.environ.get("LOOM_TEST_DATABASE_URL", "")


def test_libpq_options_are_read_in_each_spelling() -> None:
    # given the spellings libpq accepts, then each names its settings
    assert server_settings("-csearch_path=a") == {"search_path": "a"}
    assert server_settings("-c search_path=a -c statement_timeout=5") == {
        "search_path": "a",
        "statement_timeout": "5",
    }
    assert server_settings("--search-path=b") == {"search_path": "b"}


@pytest.mark.skipif(not URL, reason="LOOM_TEST_DATABASE_URL is not set")
async def test_an_engine_whose_url_names_a_search_path_finds_that_schemas_tables() -> None:
    # given a schema holding a table of the same name as one in public
    schema = f"t_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(URL, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
        conn.execute(f"CREATE TABLE {schema}.probe (v text)")
        conn.execute(f"INSERT INTO {schema}.probe VALUES ('sandbox')")
    engine = create_engine(f"{URL}?options=-csearch_path%3D{schema}", pool_size=1)
    try:
        # when the engine reads the table unqualified
        async with engine.connect() as conn:
            found = (await conn.execute(text("SELECT v FROM probe"))).scalar_one()
        # then it read the schema's
        assert found == "sandbox"
    finally:
        await engine.dispose()
        with psycopg.connect(URL, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
