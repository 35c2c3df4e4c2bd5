"""What the database refuses becomes a clear 400/409 with the field, never a 500."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import Field, SQLModel

from loom_platform import db
from loom_platform.edge import NulCharacter, TooLong, database_error
from loom_platform.errors import AlreadyExists, ErrorCode
from loom_platform.testing.fixtures import drop_database, recreate_database, worker_suffix


class EdgeLabel(SQLModel, table=True):
    __tablename__ = "edge_label"
    id: str = Field(primary_key=True, max_length=32)
    label: str = Field(max_length=10)


@pytest.fixture
async def engine(postgres_server_url: str) -> AsyncIterator[AsyncEngine]:
    name = f"loom_test_edge_{worker_suffix()}"
    url = recreate_database(postgres_server_url, name)
    created = db.create_engine(url, pool_size=2)
    async with created.begin() as conn:
        await conn.execute(text("CREATE TABLE parent (id varchar(32) PRIMARY KEY)"))
        await conn.execute(
            text(
                "CREATE TABLE child (id varchar(32) PRIMARY KEY, parent_id varchar(32) REFERENCES parent(id), n int)"
            )
        )
        await conn.execute(
            text("CREATE TABLE edge_label (id varchar(32) PRIMARY KEY, label varchar(10) NOT NULL)")
        )
    yield created
    await created.dispose()
    drop_database(postgres_server_url, name)


async def _refusal(engine: AsyncEngine, sql: str, **params: object) -> DBAPIError:
    async with engine.begin() as conn:
        with pytest.raises(DBAPIError) as caught:
            await conn.execute(text(sql), params)
    return caught.value


async def test_an_unknown_reference_says_the_record_does_not_exist(engine: AsyncEngine) -> None:
    error = database_error(await _refusal(engine, "INSERT INTO child VALUES ('c', 'missing', 1)"))
    assert error is not None and error.code is ErrorCode.INVALID_ARGUMENT
    assert error.message().startswith("关联的数据不存在或已被删除")


async def test_a_duplicate_key_is_already_exists(engine: AsyncEngine) -> None:
    async with engine.begin() as conn:
        await conn.execute(text("INSERT INTO parent VALUES ('p')"))
    error = database_error(await _refusal(engine, "INSERT INTO parent VALUES ('p')"))
    assert isinstance(error, AlreadyExists)


@pytest.mark.parametrize(
    ("sql", "params"),
    [
        ("INSERT INTO parent VALUES (:v)", {"v": "x" * 40}),
        ("INSERT INTO child (id, n) VALUES ('c', :v)", {"v": 2**40}),
        ("SELECT * FROM child WHERE n = CAST(:v AS int)", {"v": "abc"}),
        ("SELECT * FROM parent WHERE id = :v", {"v": "a\x00b"}),
        ("SELECT * FROM parent OFFSET :v", {"v": 2**70}),
    ],
)
async def test_values_the_database_cannot_take_are_invalid_arguments(
    engine: AsyncEngine, sql: str, params: dict[str, object]
) -> None:
    error = database_error(await _refusal(engine, sql, **params))
    assert error is not None and error.code is ErrorCode.INVALID_ARGUMENT


async def test_a_text_longer_than_its_column_names_the_field_before_the_database_sees_it(
    engine: AsyncEngine,
) -> None:
    async with db.session_factory(engine)() as session:
        session.add(EdgeLabel(id="1", label="x" * 11))
        with pytest.raises(TooLong) as caught:
            await session.flush()
    assert caught.value.message() == "label长度不能超过10个字符"


async def test_a_nul_in_a_saved_field_is_refused_before_the_database(engine: AsyncEngine) -> None:
    async with db.session_factory(engine)() as session:
        session.add(EdgeLabel(id="1", label="a\x00b"))
        with pytest.raises(NulCharacter):
            await session.flush()
