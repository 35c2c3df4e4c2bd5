"""Messages of the DataService (registered with the catalogue when the servicer is imported)."""

from __future__ import annotations

from loom_platform.i18n import EN, ZH, register

register(
    {
        "gencode.data.table_missing": {ZH: "数据表{table}不存在", EN: "The table {table} does not exist"},
        "gencode.data.column_unknown": {
            ZH: "数据表{table}没有列{column}",
            EN: "The table {table} has no column {column}",
        },
        "gencode.data.filter_invalid": {ZH: "不支持的查询方式: {op}", EN: "Unsupported filter: {op}"},
        "gencode.data.change_invalid": {ZH: "不支持的数据操作: {kind}", EN: "Unsupported change: {kind}"},
        "gencode.data.rows_invalid": {ZH: "数据行格式不正确", EN: "The rows are not valid"},
        "gencode.data.value_invalid": {
            ZH: "列{column}的值{value}格式不正确",
            EN: "The value {value} of column {column} is not valid",
        },
        "gencode.data.caller_unknown": {
            ZH: "调用方未通过服务认证，拒绝访问数据服务",
            EN: "The caller did not present the service credential: the data service refuses it",
        },
        "gencode.data.failed": {ZH: "数据操作失败: {detail}", EN: "The data operation failed: {detail}"},
    }
)
