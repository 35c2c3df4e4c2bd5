"""gencode's message catalogue: the seed's zh-CN wording and its en-US translation."""

from __future__ import annotations

from loom_platform.i18n import EN, ZH, register

MESSAGES: dict[str, dict[str, str]] = {
    # writes
    "gencode.saved": {ZH: "保存{what}成功", EN: "{what} saved"},
    "gencode.deleted": {ZH: "删除{what}成功", EN: "{what} deleted"},
    "gencode.copied": {ZH: "复制成功", EN: "Copied"},
    # reference data
    "gencode.label_required": {ZH: "标签不能为空", EN: "Label must not be empty"},
    "gencode.value_required": {ZH: "值不能为空", EN: "Value must not be empty"},
    "gencode.sort_required": {ZH: "排序不能为空", EN: "Sort must not be empty"},
    "gencode.sort_range": {
        ZH: "排序必须是{min}到99999之间的整数",
        EN: "Sort must be an integer between {min} and 99999",
    },
    "gencode.db_type_required": {ZH: "数据库类型不能为空", EN: "Database type must not be empty"},
    "gencode.class_name_required": {ZH: "完整类名不能为空", EN: "Full class name must not be empty"},
    "gencode.basic_type_required": {ZH: "基本类型不能为空", EN: "Basic type must not be empty"},
    "gencode.name_required": {ZH: "名称不能为空", EN: "Name must not be empty"},
    "gencode.category_required": {ZH: "表类型不能为空", EN: "Table type must not be empty"},
    "gencode.file_name_required": {ZH: "文件名不能为空", EN: "File name must not be empty"},
    "gencode.too_long": {ZH: "{field}长度不能超过{max}", EN: "{field} must not be longer than {max}"},
    "gencode.system_template": {
        ZH: "系统预设模板禁止删除!",
        EN: "System preset templates cannot be deleted!",
    },
    "gencode.custom_obj_exists": {
        ZH: "自定义对象[{value}]已存在",
        EN: "Custom object [{value}] already exists",
    },
    # data sources
    "gencode.ds.en_name_required": {ZH: "数据源英文名不能为空", EN: "Data source key must not be empty"},
    "gencode.ds.en_name_taken": {
        ZH: "数据源英文名[{enName}]已存在",
        EN: "Data source key [{enName}] is taken",
    },
    "gencode.ds.driver_missing": {
        ZH: "数据库类型[{dbType}]的驱动未安装，无法连接",
        EN: "No driver is installed for database type [{dbType}]",
    },
    "gencode.ds.unknown_type": {
        ZH: "不支持的数据库类型[{dbType}]",
        EN: "Unsupported database type [{dbType}]",
    },
    "gencode.ds.connect_failed": {ZH: "数据库连接失败: {detail}", EN: "Connection failed: {detail}"},
    "gencode.ds.connect_ok": {ZH: "数据库连接成功!", EN: "Connection succeeded!"},
    "gencode.ds.master_readonly": {
        ZH: "本地数据库(master)不能修改或删除",
        EN: "The local database (master) cannot be changed or deleted",
    },
    "gencode.ds.in_use": {
        ZH: "数据源[{name}]被表单配置使用，不能删除",
        EN: "Data source [{name}] is used by table designs and cannot be deleted",
    },
    # table design
    "gencode.table.name_required": {ZH: "表名不能为空", EN: "Table name must not be empty"},
    "gencode.table.name_invalid": {ZH: "表名[{name}]非法", EN: "Table name [{name}] is not valid"},
    "gencode.table.name_taken": {
        ZH: "表[{name}]已存在于该数据源",
        EN: "Table [{name}] already exists in this data source",
    },
    "gencode.table.data_source_required": {ZH: "数据源不能为空", EN: "Data source must not be empty"},
    "gencode.table.data_source_unknown": {ZH: "数据源[{id}]不存在", EN: "Data source [{id}] does not exist"},
    "gencode.gen.group_unknown": {ZH: "模板分组[{id}]不存在", EN: "Template group [{id}] does not exist"},
    "gencode.table.comments_required": {ZH: "说明不能为空", EN: "Comments must not be empty"},
    "gencode.table.id_type_required": {ZH: "主键策略不能为空", EN: "Primary key strategy must not be empty"},
    "gencode.table.table_type_required": {ZH: "表类型不能为空", EN: "Table type must not be empty"},
    "gencode.table.class_name_required": {ZH: "类名不能为空", EN: "Class name must not be empty"},
    "gencode.table.class_name_invalid": {
        ZH: "类名[{name}]非法，首字母必须大写",
        EN: "Class name [{name}] is not valid: it must start with an upper-case letter",
    },
    "gencode.table.parent_fk_required": {
        ZH: "当前表外键不能为空",
        EN: "The foreign key to the parent table must not be empty",
    },
    "gencode.table.parent_required": {ZH: "附表必须选择主表", EN: "A child table needs a parent table"},
    "gencode.table.parent_fk_unknown": {
        ZH: "外键[{name}]不是当前表的列",
        EN: "Foreign key [{name}] is not a column of this table",
    },
    "gencode.table.fk_not_query": {
        ZH: "右表的外键[{name}]必须勾选查询",
        EN: "The right table's foreign key [{name}] must be queryable",
    },
    "gencode.table.column_name_required": {ZH: "列名不能为空", EN: "Column name must not be empty"},
    "gencode.table.column_name_invalid": {ZH: "列名[{name}]非法", EN: "Column name [{name}] is not valid"},
    "gencode.table.column_duplicate": {ZH: "列名[{name}]重复", EN: "Column name [{name}] is duplicated"},
    "gencode.table.column_comments_required": {
        ZH: "列[{name}]的说明不能为空",
        EN: "Comments of column [{name}] must not be empty",
    },
    "gencode.table.jdbc_type_required": {
        ZH: "列[{name}]的物理类型不能为空",
        EN: "Physical type of column [{name}] must not be empty",
    },
    "gencode.table.jdbc_type_invalid": {
        ZH: "列[{name}]的物理类型[{type}]非法",
        EN: "Physical type [{type}] of column [{name}] is not valid",
    },
    "gencode.table.java_type_required": {
        ZH: "列[{name}]的Java类型不能为空",
        EN: "Java type of column [{name}] must not be empty",
    },
    "gencode.table.java_field_required": {
        ZH: "列[{name}]的Java属性名称不能为空",
        EN: "Java property name of column [{name}] must not be empty",
    },
    "gencode.table.java_field_invalid": {
        ZH: "Java属性名称【{field}】非法",
        EN: "Java property name [{field}] is not valid",
    },
    "gencode.table.related_field_required": {
        ZH: "列[{name}]关联对象必须选择至少一个属性",
        EN: "Column [{name}] refers to an object: choose at least one of its properties",
    },
    "gencode.table.grid_select_required": {
        ZH: "列[{name}]的表格选择需要填写显示名称、字段、检索名称和检索字段（用|分隔）",
        EN: "Grid-select column [{name}] needs field labels, field keys, search label and search key "
        "(pipe-separated)",
    },
    "gencode.table.base_column": {
        ZH: "基础字段[{name}]不可删除",
        EN: "Base column [{name}] cannot be deleted",
    },
    "gencode.table.tree_columns": {
        ZH: "树表必须包含字段[{name}]",
        EN: "A tree table must have column [{name}]",
    },
    "gencode.table.proc_ins_id": {
        ZH: "工作流表单必须包含字段[proc_ins_id]",
        EN: "A workflow form table must have column [proc_ins_id]",
    },
    "gencode.table.has_children": {
        ZH: "表[{name}]有附表[{children}]，请先删除附表",
        EN: "Table [{name}] has child tables [{children}]: delete them first",
    },
    "gencode.table.not_synced": {ZH: "请先同步数据库!", EN: "Please synchronise the database first!"},
    "gencode.table.child_gen": {
        ZH: "不能选择附表生成代码，请选择主表!",
        EN: "A child table cannot generate code: choose the main table!",
    },
    "gencode.table.right_gen": {
        ZH: "不能选择右表生成代码，请选择左树!",
        EN: "A right table cannot generate code: choose the left tree!",
    },
    "gencode.table.child_menu": {
        ZH: "不能选择附表创建菜单，请选择主表!",
        EN: "A child table cannot get a menu: choose the main table!",
    },
    "gencode.table.not_workflow": {ZH: "请选择工作流表单", EN: "Please choose a workflow form table"},
    "gencode.table.imported": {ZH: "导入表成功", EN: "Tables imported"},
    "gencode.table.import_missing": {
        ZH: "数据源中不存在表[{name}]",
        EN: "Table [{name}] does not exist in the data source",
    },
    "gencode.table.removed": {ZH: "移除成功", EN: "Removed"},
    "gencode.table.dropped": {ZH: "删除表成功", EN: "Table deleted"},
    # synchronisation
    "gencode.sync.done": {ZH: "同步数据库成功!", EN: "Database synchronised!"},
    "gencode.sync.force_invalid": {
        ZH: "同步方式[{isForce}]非法",
        EN: "Synchronisation mode [{isForce}] is not valid",
    },
    "gencode.sync.failed": {ZH: "同步数据库失败: {detail}", EN: "Synchronisation failed: {detail}"},
    "gencode.sync.lossy": {
        ZH: "同步数据库失败: 字段[{column}]的修改({change})会丢失或改变{rows}行已有数据，表未做任何修改；如确需修改请使用强制同步!",
        EN: "Synchronisation refused: changing column [{column}] ({change}) would lose or alter the stored values"
        " of {rows} rows; the table is unchanged. Use a forced sync if you really mean it.",
    },
    # generation
    "gencode.gen.required": {ZH: "必填项不能为空", EN: "Required fields must not be empty"},
    "gencode.gen.done": {ZH: "生成成功：{path}", EN: "Code generated: {path}"},
    "gencode.gen.path_outside": {
        ZH: "路径[{path}]不在工作区内",
        EN: "Path [{path}] is outside the workspace",
    },
    "gencode.gen.template_failed": {
        ZH: "模板[{name}]渲染失败: {detail}",
        EN: "Template [{name}] failed to render: {detail}",
    },
    "gencode.gen.group_empty": {ZH: "模板组没有模板", EN: "The template group has no templates"},
    "gencode.gen.not_publishable": {
        ZH: "表[{table}]属于数据源[{source}]，应用主机只运行主数据源(master)中的表，无法上线运行：请把后端和前端路径改为自己的工程路径（只生成代码），或在主数据源中设计此表",
        EN: "Table [{table}] belongs to data source [{source}], and the app host runs tables of the master"
        " data source only, so it cannot go live: set the back-end and front-end paths to a project of your"
        " own (code is only written there), or design the table in the master data source",
    },
    "gencode.gen.conflict": {
        ZH: "有{count}个文件的手工修改与重新生成的代码冲突（{files}），未写入任何文件：请在预览中为每个冲突文件选择保留手工修改或使用生成的代码",
        EN: "{count} file(s) have hand edits that conflict with the regenerated code ({files}); nothing was written."
        " Choose in the preview, for each conflicting file, whether to keep your edits or take the generated code",
    },
    "gencode.menu.created": {ZH: "创建菜单成功", EN: "Menu created"},
    "gencode.menu.parent_required": {ZH: "上级菜单不能为空", EN: "Parent menu must not be empty"},
    "gencode.menu.name_required": {ZH: "菜单名称不能为空", EN: "Menu name must not be empty"},
    "gencode.custom_obj.added": {ZH: "添加成功", EN: "Added"},
    # licence
    "gencode.licence.invalid": {
        ZH: "软件授权无效，请联系管理员获取授权",
        EN: "The licence is not valid: contact your administrator",
    },
    "gencode.licence.expired": {
        ZH: "软件授权已过期，请联系管理员续期",
        EN: "The licence has expired: contact your administrator",
    },
}

register(MESSAGES)
