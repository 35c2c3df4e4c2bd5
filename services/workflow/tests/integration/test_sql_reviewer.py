"""A reviewer rule of type sql reads the views it was given and nothing else, within a time limit,
as a login role that can become no other role (the probes of issue 20 against the real server)."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from loom_platform.db import sync_url
from loom_platform.errors import InvalidArgument
from loom_platform.testing.fixtures import drop_database, recreate_database, worker_suffix
from loom_workflow.extension import reviewer_sql
from loom_workflow.extension.assignees import ReviewerResolver
from loom_workflow.extension.reviewer_sql import ROLE, ReviewerSql

from ..conftest import Env
from .helpers import LEAVE, deploy, node

VIEWS = ["biz_approvers"]


def _libpq(url: str) -> str:
    return sync_url(url).replace("+psycopg", "")


@pytest.fixture
def business_url(postgres_server_url: str) -> Iterator[str]:
    name = f"loom_test_biz_{worker_suffix()}"
    url = recreate_database(postgres_server_url, name)
    with psycopg.connect(_libpq(url), autocommit=True) as conn:
        conn.execute("CREATE TABLE biz_approver (user_id varchar(64), dept varchar(64), salary int)")
        conn.execute("INSERT INTO biz_approver VALUES ('u-bob', 'sales', 1), ('u-carol', 'hr', 2)")
        conn.execute("CREATE VIEW biz_approvers AS SELECT user_id, dept FROM biz_approver")
    yield url
    drop_database(postgres_server_url, name)


def _resolver(url: str) -> ReviewerResolver:
    return ReviewerResolver(None, None, lambda _aw: None, sql_url=url, sql_views=VIEWS)  # type: ignore[arg-type]


def test_a_sql_rule_reads_its_views_with_bound_variables(business_url: str) -> None:
    users = _resolver(business_url)._sql_users(
        "SELECT user_id FROM biz_approvers WHERE dept = ${dept}", {"dept": "hr"}
    )
    assert users == ["u-carol"]


def test_a_sql_rule_reads_no_table_it_was_not_given(business_url: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        _resolver(business_url)._sql_users("SELECT user_id FROM biz_approver", {})
    assert "biz_approver" in caught.value.message()


def _superuser(url: str) -> str:
    with psycopg.connect(_libpq(url)) as conn:
        return str(conn.execute("SELECT current_user").fetchone()[0])  # type: ignore[index]


def _probes(admin: str) -> list[str]:
    return [
        f"SELECT set_config('role', '{admin}', true)",
        f"SELECT set_config('session_authorization', '{admin}', false)",
        f"SET ROLE {admin}",
        f"SET SESSION AUTHORIZATION {admin}",
        "RESET ROLE",
        "SELECT ts_stat('select to_tsvector(''simple'', pg_read_file(''/etc/hostname''))')",
        "SELECT query_to_xml('select rolname, rolpassword from pg_authid', true, false, '')",
        "SELECT dblink('dbname=postgres', 'select 1')",
        "COPY (SELECT 1) TO '/tmp/loom-reviewer-probe'",
        "SELECT lo_import('/etc/hostname')",
        "SELECT lo_get(1)",
        "SELECT pg_read_file('/etc/hostname')",
        "SELECT pg_read_binary_file('/etc/hostname')",
        "SELECT pg_ls_dir('.')",
        "SELECT usename FROM pg_shadow",
    ]


def test_every_escape_probe_is_refused_before_the_database(business_url: str) -> None:
    resolver = _resolver(business_url)
    for probe in _probes(_superuser(business_url)):
        with pytest.raises(InvalidArgument):
            resolver._sql_users(probe, {})


def test_the_reviewer_role_itself_refuses_every_probe(business_url: str) -> None:
    # given a connection as the reviewer role (the text check above bypassed)
    runner = ReviewerSql(_libpq(business_url), VIEWS)
    runner.ensure()
    admin = _superuser(business_url)
    succeeded = []
    with runner.connect() as conn:
        conn.autocommit = True
        for probe in _probes(admin):
            # when each probe runs as it is
            try:
                conn.execute(probe)
            except psycopg.Error:
                continue
            # then none gets anywhere: RESET ROLE leaves the reviewer what it was
            if probe != "RESET ROLE":
                succeeded.append(probe)
        who = conn.execute("SELECT current_user, session_user, current_setting('is_superuser')").fetchone()
    assert succeeded == []
    assert who == (ROLE, ROLE, "off")


def test_the_reviewer_role_is_put_back_to_a_member_of_nothing(business_url: str) -> None:
    # given a reviewer role someone made a member of a privileged role, with an attribute
    ReviewerSql(_libpq(business_url), VIEWS).ensure()
    with psycopg.connect(_libpq(business_url), autocommit=True) as conn:
        conn.execute(f"GRANT pg_read_server_files TO {ROLE}")
        conn.execute(f"ALTER ROLE {ROLE} CREATEDB")
    # when a resolver runs a rule again
    users = ReviewerSql(_libpq(business_url), VIEWS).users("SELECT user_id FROM biz_approvers", {})
    # then it is back to what it must be
    with psycopg.connect(_libpq(business_url)) as conn:
        member_of = conn.execute(
            "SELECT count(*) FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = %s",
            [ROLE],
        ).fetchone()
        attributes = conn.execute(
            "SELECT rolsuper, rolcreatedb, rolcreaterole, rolbypassrls, rolinherit, rolcanlogin "
            "FROM pg_roles WHERE rolname = %s",
            [ROLE],
        ).fetchone()
    assert sorted(users) == ["u-bob", "u-carol"]
    assert member_of == (0,)
    assert attributes == (False, False, False, False, False, True)


def test_a_value_wider_than_a_user_id_is_refused_naming_the_rule_and_the_limit(business_url: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        _resolver(business_url)._sql_users("SELECT repeat('x', 65)", {})
    assert caught.value.key == "workflow.reviewer.sql_value_too_long"
    assert "64" in caught.value.message() and "repeat('x', 65)" in caught.value.message()


def test_too_many_rows_are_refused(business_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviewer_sql, "MAX_ROWS", 1)
    with pytest.raises(InvalidArgument) as caught:
        _resolver(business_url)._sql_users("SELECT user_id FROM biz_approvers", {})
    assert caught.value.key == "workflow.reviewer.sql_too_many_rows"


def test_a_slow_sql_rule_is_stopped_by_the_time_limit(
    business_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviewer_sql, "TIMEOUT_MS", 200)
    with pytest.raises(InvalidArgument) as caught:
        _resolver(business_url)._sql_users("SELECT user_id FROM biz_approvers, pg_sleep(5)", {})
    message = caught.value.message()
    assert "timeout" in message or "取消" in message or "cancel" in message


async def test_a_start_whose_reviewer_sql_answers_a_too_long_value_is_a_400_and_starts_nothing(
    env: Env,
) -> None:
    # given a process whose first node's reviewer is a query answering 65 characters
    await deploy(env, "leave", "请假流程", LEAVE, [node("leave", "dept", [("sql", "select repeat('x',65)")])])
    # when alice starts it
    answer = await env.client.post(
        "/flowable/task/start",
        params={"procDefKey": "leave", "title": "超长", "businessTable": "oa_leave", "businessId": "b-long"},
        headers=env.headers("u-alice"),
    )
    mine = await env.client.get("/flowable/task/myApplyed", headers=env.headers("u-alice"))
    # then the start is refused naming the rule and the limit, and no instance is left behind
    assert answer.status_code == 400, answer.text
    assert "select repeat('x',65)" in answer.json()["msg"] and "64" in answer.json()["msg"]
    assert mine.status_code == 200 and mine.json()["total"] == 0
