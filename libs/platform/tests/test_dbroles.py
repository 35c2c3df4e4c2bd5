"""Setups of several databases on one server make the same login role at the same moment (parallel
test workers, two services' setup Jobs): every one of them succeeds and the role ends as asked."""

from __future__ import annotations

import threading
import uuid

import psycopg
from psycopg import sql

from loom_platform.dbroles import dsn, ensure_login

SETUPS = 8


def test_setups_racing_for_one_new_login_all_succeed(postgres_server_url: str) -> None:
    server = dsn(postgres_server_url)
    # given eight setups about to make the same role, none there yet
    role = f"loom_race_{uuid.uuid4().hex[:8]}"
    start = threading.Barrier(SETUPS)
    failures: list[BaseException] = []

    def setup() -> None:
        with psycopg.connect(server, autocommit=True) as conn:
            start.wait()
            try:
                ensure_login(conn, role, "race-only")
            except BaseException as error:  # noqa: BLE001 - the test reports every setup's failure
                failures.append(error)

    # when they run at once
    threads = [threading.Thread(target=setup) for _ in range(SETUPS)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        # then none failed and the role is a plain login
        assert failures == []
        with psycopg.connect(server, autocommit=True) as conn:
            login, superuser = conn.execute(
                "SELECT rolcanlogin, rolsuper FROM pg_roles WHERE rolname = %s", (role,)
            ).fetchone()
        assert (login, superuser) == (True, False)
    finally:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))
