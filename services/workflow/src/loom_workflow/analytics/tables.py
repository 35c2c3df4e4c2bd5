"""流程分析's read model over ACT_HI_*: facts per finished instance and per node it passed, and
their daily rollups per definition, and per definition and department.

A trigger on ``act_hi_procinst`` (migration 0017) queues every instance as it ends, whoever writes
history (the history workers, an import, a seed); :mod:`loom_workflow.analytics.rollup` turns the
queue into facts and rollups. Durations are kept as counts per log bucket (:data:`BUCKETS_PER_DOUBLING`
buckets per doubling of the duration), so the percentiles of any set of days are a sum of a few rows.

An instance's department is its initiator's at the start (the ``applyUserOfficeId`` variable the
start sets): the department filter and a data scope by department count the instances started in
the department, whoever moved since. An instance without it (started by the engine's API alone)
belongs to no department.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Date,
    Index,
    Integer,
    SmallInteger,
    String,
    Table,
    Text,
    text,
)

from loom_workflow.pgstore.tables import hi_procinst, metadata

# A bucket spans a factor of 2^(1/8) ≈ 1.09: a percentile read from buckets is within ~4.5 %.
BUCKETS_PER_DOUBLING = 8
INSTANCE = ""  # act_id of the whole instance's row in wf_an_day
OFFICE_VARIABLE = "applyUserOfficeId"  # the initiator's department, set by the start (task/start.py)

pending = Table(
    "wf_an_pending",
    metadata,
    Column("proc_inst_id", String(64), primary_key=True),
)

instance_fact = Table(
    "wf_an_instance",
    metadata,
    Column("proc_inst_id", String(64), primary_key=True),
    Column("proc_def_id", String(255), nullable=False),
    Column("start_user_id", String(64)),
    Column("office_id", String(64)),  # the initiator's department at the start
    Column("day", Date, nullable=False),  # the instance's start, UTC
    Column("duration_ms", BigInteger, nullable=False),
    Column("bucket", SmallInteger, nullable=False),
    Column("path", Text, nullable=False),  # node ids in the order visited, '>' between
    Column("backs", Integer, nullable=False),  # 退回: tasks sent back
    Column("revoked", Boolean, nullable=False),  # 撤销 by the initiator
    Column("overdue", Boolean, nullable=False),  # a task ended after its due date
    # the department and what the histograms read ride along: a data scope's users' instances started
    # outside its departments are found in this index alone (migration 0020)
    Index(
        "ix_wf_an_instance_user",
        "proc_def_id",
        "start_user_id",
        "day",
        postgresql_include=[
            "office_id",
            "proc_inst_id",
            "bucket",
            "duration_ms",
            "backs",
            "revoked",
            "overdue",
        ],
    ),
    Index("ix_wf_an_instance_office", "proc_def_id", "office_id", "day"),
)

node_fact = Table(
    "wf_an_node",
    metadata,
    Column("proc_inst_id", String(64), primary_key=True),
    Column("act_id", String(255), primary_key=True),
    Column("proc_def_id", String(255), nullable=False),
    Column("start_user_id", String(64)),
    Column("office_id", String(64)),
    Column("day", Date, nullable=False),
    Column("wait_ms", BigInteger, nullable=False),  # first arrival to last departure
    Column("bucket", SmallInteger, nullable=False),
    Column("overdue", Boolean, nullable=False),
    Index(
        "ix_wf_an_node_user",
        "proc_def_id",
        "start_user_id",
        "day",
        postgresql_include=["office_id", "act_id", "bucket", "wait_ms", "overdue"],
    ),
    Index(
        "ix_wf_an_node_office",
        "proc_def_id",
        "office_id",
        "day",
        postgresql_include=["act_id", "bucket", "wait_ms", "overdue"],
    ),
)


def _cells(name: str, *key: Column[str]) -> Table:
    """A daily rollup of the histograms: per definition (and ``key``), day, node and bucket."""
    return Table(
        name,
        metadata,
        Column("proc_def_id", String(255), primary_key=True),
        *key,
        Column("day", Date, primary_key=True),
        Column("act_id", String(255), primary_key=True),
        Column("bucket", SmallInteger, primary_key=True),
        Column("n", BigInteger, nullable=False),
        Column("total_ms", BigInteger, nullable=False),
        Column("overdue", BigInteger, nullable=False),
        Column("backs", BigInteger, nullable=False),
        Column("revoked", BigInteger, nullable=False),
    )


def _paths(name: str, *key: Column[str]) -> Table:
    """A daily rollup of the paths taken: per definition (and ``key``), day and path."""
    return Table(
        name,
        metadata,
        Column("proc_def_id", String(255), primary_key=True),
        *key,
        Column("day", Date, primary_key=True),
        Column("path_hash", String(32), primary_key=True),  # md5 of the path: a path may outgrow a key
        Column("path", Text, nullable=False),
        Column("n", BigInteger, nullable=False),
    )


day = _cells("wf_an_day")
path_day = _paths("wf_an_path_day")
# the same per department (instances with one): a department filter sums these as the unfiltered page
# sums the ones above
office_day = _cells("wf_an_office_day", Column("office_id", String(64), primary_key=True))
office_path_day = _paths("wf_an_office_path_day", Column("office_id", String(64), primary_key=True))

# the running instances of a definition (the running count) without reading the ended ones
Index(
    "ix_act_hi_procinst_running_def",
    hi_procinst.c.proc_def_id,
    hi_procinst.c.start_time,
    postgresql_where=text("end_time IS NULL"),
)
