"""``queryConfig``: every list the table wizard offers."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode.reftypes.models import (
    CustomObj,
    DataBaseType,
    QueryType,
    ShowType,
    TableFieldType,
    ValidateType,
)
from loom_gencode.table import service as table_service
from loom_platform.i18n import EN, current_language

FIELD_TYPE_KEYS = {
    "mysql": "mysqlFieldType",
    "mariadb": "mysqlFieldType",
    "postgresql": "postGreSqlFieldType",
    "oracle": "oracleFieldType",
    "sqlserver": "mssqlFieldType",
    "mssql": "mssqlFieldType",
}


async def _label_values(session: AsyncSession, model: Any) -> list[dict[str, Any]]:
    """The choices of a list, each labelled in the reader's language (its English label in en-US
    when it has one)."""
    english = current_language.get() == EN
    rows = (await session.execute(select(model).order_by(model.sort))).scalars().all()
    return [{"label": (english and r.label_en) or r.label, "value": r.value} for r in rows]


async def query_config(session: AsyncSession) -> dict[str, Any]:
    """``{config: {...lists, *FieldType}, tableList}`` (the lists are also at the top level)."""
    lists: dict[str, Any] = {
        "javaTypeList": await _label_values(session, CustomObj),
        "showTypeList": await _label_values(session, ShowType),
        "validateTypeList": await _label_values(session, ValidateType),
        "queryTypeList": await _label_values(session, QueryType),
        "mysqlFieldType": [],
        "postGreSqlFieldType": [],
        "oracleFieldType": [],
        "mssqlFieldType": [],
    }
    stmt = (
        select(DataBaseType.type, TableFieldType.label, TableFieldType.value)  # type: ignore[call-overload]
        .join(
            TableFieldType,
            TableFieldType.database_type_id == DataBaseType.id,
        )
        .order_by(DataBaseType.type, TableFieldType.sort)
    )
    for db_type, label, value in (await session.execute(stmt)).all():
        key = FIELD_TYPE_KEYS.get(db_type)
        if key:
            lists[key].append({"label": label, "value": value})
    table_list = await table_service.table_names(session)
    return {"config": lists, **lists, "tableList": table_list}
