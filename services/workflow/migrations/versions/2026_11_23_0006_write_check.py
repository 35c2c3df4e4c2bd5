"""write check: a command's writes and their revision checks travel in one statement with its commit

Revision ID: 0006_write_check
Revises: 0005_open_history
Create Date: 2026-11-23 14:30:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0006_write_check"
down_revision: str | None = "0005_open_history"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # The rows of a JSON parameter, estimated as a handful (json_populate_recordset is estimated at 100,
    # which makes the planner hash-join an UPDATE or DELETE against a sequential scan of a history
    # table instead of probing its primary key). PL/pgSQL, so that it is not inlined.
    op.execute(
        """
        CREATE FUNCTION loom_workflow_rows(kind anyelement, rows json) RETURNS SETOF anyelement
        LANGUAGE plpgsql STABLE ROWS 2 AS $$
        BEGIN
          RETURN QUERY SELECT * FROM json_populate_recordset(kind, rows);
        END $$
        """
    )
    # The engine's store writes a command's rows in one statement sent together with COMMIT; an update
    # or delete that found another revision must fail that statement (so the COMMIT is skipped) with
    # the error the store turns into ConcurrentModification.
    op.execute(
        """
        CREATE FUNCTION loom_workflow_check_writes(actual integer[], expected json)
        RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          -- expected: [[rows, "<Kind> <id>"], ...], one per revision-checked statement, in order
          FOR i IN 1 .. json_array_length(expected) LOOP
            IF actual[i] IS DISTINCT FROM (expected -> (i - 1) ->> 0)::integer THEN
              RAISE EXCEPTION '% was updated by another transaction', expected -> (i - 1) ->> 1
                USING ERRCODE = 'serialization_failure';
            END IF;
          END LOOP;
        END $$
        """
    )


def downgrade() -> None:
    op.execute("DROP FUNCTION loom_workflow_check_writes(integer[], json)")
    op.execute("DROP FUNCTION loom_workflow_rows(anyelement, json)")
