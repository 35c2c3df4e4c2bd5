"""Messages of user-written SQL (zh-CN, en-US)."""

from loom_platform.i18n import EN, ZH, register

register(
    {
        "gencode.sql.empty": {ZH: "SQL语句不能为空", EN: "The SQL statement is empty"},
        "gencode.sql.one_statement": {
            ZH: "一次只能执行一条SQL语句",
            EN: "Only one SQL statement can run at a time",
        },
        "gencode.sql.failed": {ZH: "SQL执行失败: {detail}", EN: "The SQL failed: {detail}"},
        "gencode.sql.timeout": {
            ZH: "SQL执行超过{seconds}秒，已停止",
            EN: "The SQL ran longer than {seconds} s and was stopped",
        },
        "gencode.sql.read_only": {
            ZH: "数据集只能执行查询语句",
            EN: "A data set may only read (SELECT)",
        },
        "gencode.sql.param_invalid": {
            ZH: "参数{field}的值'{value}'不是{type}",
            EN: "Parameter {field}: '{value}' is not a {type}",
        },
        "gencode.sql.param_missing": {
            ZH: "SQL中的参数{field}未定义",
            EN: "Parameter {field} of the SQL is not defined",
        },
        "gencode.dbtable.name_invalid": {
            ZH: "名称'{name}'无效：只能包含字母、数字和下划线，且以字母或下划线开头",
            EN: "Name '{name}' is not valid: letters, digits and _ only, starting with a letter or _",
        },
        "gencode.dbtable.exists": {ZH: "表{name}已存在", EN: "Table {name} already exists"},
        "gencode.dbtable.not_found": {ZH: "表{name}不存在", EN: "Table {name} does not exist"},
        "gencode.dbtable.no_columns": {ZH: "请至少添加一个字段", EN: "Add at least one column"},
        "gencode.dbtable.created": {ZH: "创建表{name}成功", EN: "Created table {name}"},
        "gencode.dbtable.altered": {ZH: "修改表{name}成功", EN: "Altered table {name}"},
        "gencode.dbtable.dropped": {ZH: "删除表{name}成功", EN: "Dropped table {name}"},
        "gencode.dataset.not_found": {ZH: "数据集不存在或已被删除", EN: "The data set does not exist"},
        "gencode.dataset.name_required": {ZH: "数据源名称不能为空", EN: "The data set's name is required"},
        "gencode.dataset.format": {
            ZH: "不支持的格式{format}，可选json、xml、html",
            EN: "Format {format} is not supported: json, xml or html",
        },
    }
)
