"""A reviewer rule of type sql reads the business tables and nothing else, within a time limit."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from loom_platform.db import sync_url
from loom_platform.errors import InvalidArgument
from loom_platform.testing.fixtures import drop_database, recreate_database, worker_suffix
from loom_workflow.extension import assignees
from loom_workflow.extension.assignees import ReviewerResolver


@pytest.fixture
def business_url(postgres_server_url: str) -> Iterator[str]:
    name = f"loom_test_biz_{worker_suffix()}"
    url = recreate_database(postgres_server_url, name)
    with psycopg.connect(sync_url(url).replace("+psycopg", ""), autocommit=True) as conn:
        conn.execute("CREATE TABLE biz_approver (user_id varchar(64), dept varchar(64))")
        conn.execute("INSERT INTO biz_approver VALUES ('u-bob', 'sales'), ('u-carol', 'hr')")
    yield url
    drop_database(postgres_server_url, name)


def _resolver(url: str) -> ReviewerResolver:
    return ReviewerResolver(None, None, lambda _aw: None, sql_url=url)  # type: ignore[arg-type]


def test_a_sql_rule_reads_the_business_tables_with_bound_variables(business_url: str) -> None:
    users = _resolver(business_url)._sql_users(
        "SELECT user_id FROM biz_approver WHERE dept = ${dept}", {"dept": "hr"}
    )
    assert users == ["u-carol"]


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT pg_read_file('/etc/hostname')",
        "SELECT usename FROM pg_shadow",
        "SELECT setting FROM pg_settings WHERE name = 'data_directory' AND current_setting('is_superuser') = 'on'",
    ],
)
def test_a_sql_rule_cannot_read_server_files_or_secrets(business_url: str, sql: str) -> None:
    try:
        users = _resolver(business_url)._sql_users(sql, {})
    except InvalidArgument:
        return  # refused outright
    assert users == []  # or it sees nothing a superuser would


def test_a_slow_sql_rule_is_stopped_by_the_time_limit(
    business_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(assignees, "REVIEWER_TIMEOUT_MS", 200)
    with pytest.raises(InvalidArgument) as caught:
        _resolver(business_url)._sql_users("SELECT user_id FROM biz_approver, pg_sleep(5)", {})
    assert (
        "timeout" in caught.value.message()
        or "取消" in caught.value.message()
        or "cancel" in caught.value.message()
    )
