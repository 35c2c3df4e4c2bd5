"""forms' message catalogue: zh-CN (the seed's wording where it has one) and en-US."""

from __future__ import annotations

from loom_platform.i18n import EN, ZH, register

MESSAGES: dict[str, dict[str, str]] = {
    "forms.saved": {ZH: "保存{what}成功", EN: "{what} saved"},
    "forms.deleted": {ZH: "删除{what}成功", EN: "{what} deleted"},
    "forms.name_required": {ZH: "名称不能为空", EN: "Name must not be empty"},
    "forms.too_long": {ZH: "{field}长度不能超过{max}", EN: "{field} must not be longer than {max}"},
    "forms.valid_error": {ZH: "表单数据校验失败", EN: "Form data validation failed"},
    # a switch's value in an export without texts of its own
    "forms.value.yes": {ZH: "是", EN: "Yes"},
    "forms.value.no": {ZH: "否", EN: "No"},
    # categories
    "forms.category.has_children": {
        ZH: "该分类下还有子分类或表单，不能删除",
        EN: "The category still holds sub-categories or forms and cannot be deleted",
    },
    "forms.category.own_parent": {
        ZH: "上级分类不能是自己或自己的下级",
        EN: "A category cannot be its own parent or a parent of its parents",
    },
    # definitions
    "forms.definition.required": {ZH: "动态表单不能为空", EN: "The dynamic form must not be empty"},
    "forms.definition.fields_invalid": {
        ZH: "表单字段配置有误，请检查字段名(model)",
        EN: "Some fields of the form are not set up correctly: check their models",
    },
    "forms.definition.model_missing": {
        ZH: "字段“{name}”缺少字段名(model)",
        EN: "The field “{name}” has no model (field name)",
    },
    "forms.definition.model_invalid": {
        ZH: "字段“{name}”的字段名{model}无效：须以字母开头，只能包含字母、数字和下划线，最长63个字符",
        EN: "The model {model} of “{name}” is not valid: it starts with a letter and holds only "
        "letters, digits and underscores, at most 63 characters",
    },
    "forms.definition.model_taken": {
        ZH: "字段“{name}”的字段名{model}与字段“{other}”重复",
        EN: "The field “{name}” uses the model {model} of the field “{other}”",
    },
    "forms.definition.json_invalid": {
        ZH: "表单JSON格式不正确: {detail}",
        EN: "The form JSON is not valid: {detail}",
    },
    "forms.definition.not_published": {
        ZH: "表单没有已发布的主版本",
        EN: "The form has no published primary version",
    },
    "forms.definition.primary_set": {ZH: "设置主版本成功", EN: "Primary version set"},
    "forms.definition.version_frozen": {
        ZH: "表单第{version}版已发布或已被流程使用，不能修改，请保存为新版本",
        EN: "Version {version} of the form was published or is used by processes and cannot be "
        "changed: save a new version",
    },
    "forms.definition.version_in_use": {
        ZH: "表单第{version}版已发布或已被流程使用，不能删除",
        EN: "Version {version} of the form was published or is used by processes and cannot be deleted",
    },
    # form maker
    "forms.make.code_required": {ZH: "表单编码不能为空", EN: "The form key must not be empty"},
    "forms.make.code_invalid": {
        ZH: "表单编码只能由字母、数字和下划线组成，且以字母开头",
        EN: "The form key holds letters, digits and underscores and starts with a letter",
    },
    "forms.make.code_taken": {ZH: "表单编码已存在", EN: "The form key is already used"},
    "forms.make.table_required": {ZH: "表名不能为空", EN: "The table name must not be empty"},
    "forms.make.table_invalid": {
        ZH: "表名只能由小写字母、数字和下划线组成，且以字母开头",
        EN: "The table name holds lower-case letters, digits and underscores and starts with a letter",
    },
    "forms.make.table_exists": {ZH: "数据表已存在", EN: "The table already exists"},
    "forms.make.table_missing": {ZH: "数据表{table}不存在", EN: "The table {table} does not exist"},
    "forms.make.data_source_missing": {ZH: "数据源[{id}]不存在", EN: "Data source [{id}] does not exist"},
    "forms.make.table_taken": {
        ZH: "数据表已被表单{form}绑定",
        EN: "The table is already bound to the form {form}",
    },
    "forms.make.unmapped": {
        ZH: "以下字段在数据表中没有对应的列: {fields}",
        EN: "These fields have no column in the table: {fields}",
    },
    "forms.make.field_invalid": {
        ZH: "字段名{field}不能用作列名（只能由字母、数字和下划线组成，且以字母开头）",
        EN: "The field {field} cannot name a column (letters, digits and underscores, starting with a letter)",
    },
    "forms.make.primary_key": {
        ZH: "数据表{table}须有一个字符型主键列才能绑定（现有主键：{columns}）",
        EN: "The table {table} needs a single text primary key column to be bound (its key: {columns})",
    },
    "forms.make.sub_table_missing": {
        ZH: "子表“{name}”对应的数据表{table}不存在，请在子表的数据表(tableName)中选择已有的表",
        EN: "The table {table} of the sub-table “{name}” does not exist: choose an existing table as its tableName",
    },
    "forms.make.foreign_key_missing": {
        ZH: "子表数据表{table}没有外键列{column}",
        EN: "The sub-table's table {table} has no foreign key column {column}",
    },
    "forms.make.no_id": {
        ZH: "数据表{table}没有主键列id，不能绑定",
        EN: "The table {table} has no primary key column id and cannot be bound",
    },
    "forms.make.no_fields": {ZH: "表单没有任何字段", EN: "The form has no fields"},
    "forms.make.not_bound": {
        ZH: "表单还没有绑定数据表",
        EN: "The form is not bound to a table yet",
    },
    "forms.make.menu_parent_required": {ZH: "上级菜单不能为空", EN: "The parent menu must not be empty"},
    "forms.make.menu_created": {ZH: "创建菜单成功", EN: "Menu created"},
    "forms.make.bound": {ZH: "绑定数据表成功", EN: "Table bound"},
    # online data
    "forms.generate.params_invalid": {
        ZH: "查询参数不正确: {detail}",
        EN: "The search parameters are not valid: {detail}",
    },
    "forms.generate.sort_invalid": {
        ZH: "字段{column}不能排序",
        EN: "The field {column} cannot be sorted",
    },
    "forms.generate.imported": {ZH: "已成功导入{count}条数据", EN: "{count} rows imported"},
    "forms.generate.import_out_of_scope": {
        ZH: "导入失败，共{count}行数据超出您的数据权限范围，没有导入任何数据",
        EN: "Import failed: {count} rows lie outside your data permissions and nothing was imported",
    },
    "forms.generate.row_out_of_scope": {
        ZH: "该行超出您的数据权限范围",
        EN: "This row lies outside your data permissions",
    },
    "forms.generate.import_failed": {
        ZH: "导入失败，共{count}行数据有误，没有导入任何数据",
        EN: "Import failed: {count} rows are not valid and nothing was imported",
    },
    "forms.generate.import_file": {
        ZH: "导入文件格式不正确，请使用导入模板: {detail}",
        EN: "The import file is not valid; use the import template: {detail}",
    },
    "forms.generate.import_too_many": {
        ZH: "导入文件最多{max}行数据",
        EN: "An import file holds at most {max} rows",
    },
    "forms.generate.row_error": {ZH: "第{row}行: {errors}", EN: "Row {row}: {errors}"},
}

register(MESSAGES)
