"""The table designs' own walk of a data source's physical tables, and what it says when refused."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine

from loom_gencode import messages  # noqa: F401 - registers the catalogue
from loom_gencode.table import introspect
from loom_gencode.table.errors import TablesUnreadable
from loom_platform.i18n import EN, ZH


@pytest.mark.parametrize("walk", ["list", "describe"])
async def test_a_data_source_refusing_its_tables_says_so_as_the_table_screens_error(walk: str) -> None:
    # given a data source whose PostgreSQL does not answer (nothing listens on port 1)
    engine = create_engine(
        "postgresql+psycopg://loom@127.0.0.1:1/absent", connect_args={"connect_timeout": 3}
    )
    # when its tables are listed or described
    with pytest.raises(TablesUnreadable) as refused:
        if walk == "list":
            await introspect.list_tables(engine, "")
        else:
            await introspect.describe(engine, ["demo"])
    # then the user reads that reading the tables failed, with the database's reason, not a sync's failure
    assert refused.value.message(ZH).startswith("读取数据库表失败: ")
    assert refused.value.message(EN).startswith("Reading the database's tables failed: ")
    assert "127.0.0.1" in refused.value.params["detail"]
    engine.dispose()
