"""What a fresh install needs (idempotent): validators, controls, query and column types,
object types, default parameters and the system template group."""

from __future__ import annotations

from importlib import resources
from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode.reftypes.models import (
    SYSTEM_GROUP_ID,
    CodeParam,
    CustomField,
    CustomObj,
    DataBaseType,
    QueryType,
    ShowType,
    TableFieldType,
    TemplateGroup,
    TemplateObj,
    ValidateType,
)
from loom_gencode.scheme.workspace import MODULE_BACKEND, MODULE_FRONTEND
from loom_platform.wire import new_id

VALIDATE_TYPES = [
    ("必填", "required"),
    ("手机号码", "isMobile"),
    ("电话号码", "isPhone"),
    ("整数", "isInteger"),
    ("邮箱", "isEmail"),
    ("网址", "isURL"),
    ("小写字母", "isLowerCase"),
    ("大写字母", "isUpperCase"),
    ("字母", "isAlphabets"),
    ("姓名", "isName"),
    ("小数", "isFloat"),
    ("必须为空", "isNull"),
    ("身份证号码", "isIdCard"),
    ("只能为0", "isZero"),
    ("正整数", "isIntGtZero"),
    ("小于10000的正整数", "isIntLtTenThousand"),
    ("大于等于0的整数", "isIntGteZero"),
    ("不等于0的整数", "isIntNEqZero"),
    ("小于0的整数", "isIntLtZero"),
    ("小于等于0的整数", "isIntLteZero"),
    ("等于0的小数", "isFloatEqZero"),
    ("大于0的小数", "isFloatGtZero"),
    ("大于等于0的小数", "isFloatGteZero"),
    ("不等于0的小数", "isFloatNEqZero"),
    ("小于0的小数", "isFloatLtZero"),
    ("小于等于0的小数", "isFloatLteZero"),
    ("数字", "isNumber"),
    ("纯数字", "isDigits"),
    ("英文字符", "isEnglish"),
    ("联系电话", "isTel"),
    ("QQ号码", "isQq"),
    ("邮政编码", "isZipCode"),
    ("密码", "isPwd"),
    ("IP地址", "isIP"),
    ("中英文数字下划线", "isRightfulString"),
    ("汉字", "isChinese"),
    ("中文含标点", "isChineseStr"),
    ("合法字符", "isLegalChars"),
    ("车牌号", "isLicensePlate"),
]

SHOW_TYPES = [
    ("单行文本", "input", "el-input", ""),
    ("多行文本", "textarea", "el-input", ""),
    ("下拉选项", "select", "el-select", ""),
    ("单选按钮", "radiobox", "el-radio-group", ""),
    ("复选框", "checkbox", "el-checkbox-group", ""),
    ("日期选择", "dateselect", "el-date-picker", ""),
    ("人员选择", "userselect", "UserSelect", "@loom/ui"),
    ("部门选择", "officeselect", "OfficeSelect", "@loom/ui"),
    ("区域选择", "areaselect", "AreaSelect", "@loom/ui"),
    ("树选择控件", "treeselect", "TreeSelect", "@loom/ui"),
    ("表格选择", "gridselect", "GridSelect", "@loom/ui"),
    ("文件上传", "fileselect", "FileUpload", "@loom/ui"),
    ("图片上传", "imageselect", "ImageUpload", "@loom/ui"),
    ("富文本编辑", "umeditor", "RichEditor", "@loom/ui"),
    ("开关", "switch", "el-switch", ""),
    ("数字输入", "number", "el-input-number", ""),
]

QUERY_TYPES = [
    ("=", "EQ"),
    ("!=", "NE"),
    (">", "GT"),
    (">=", "GE"),
    ("<", "LT"),
    ("<=", "LE"),
    ("Like", "LIKE"),
    ("Left Like", "LEFT_LIKE"),
    ("Right Like", "RIGHT_LIKE"),
    ("Between", "BETWEEN"),
    ("In", "IN"),
    ("Not In", "NOT_IN"),
]

COLUMN_TYPES = {
    "mysql": [
        "varchar(64)",
        "varchar(100)",
        "varchar(255)",
        "varchar(2000)",
        "char(1)",
        "int",
        "bigint",
        "tinyint",
        "decimal(10,2)",
        "double",
        "datetime",
        "date",
        "text",
        "longtext",
    ],
    "postgresql": [
        "varchar(64)",
        "varchar(100)",
        "varchar(255)",
        "varchar(2000)",
        "char(1)",
        "integer",
        "bigint",
        "smallint",
        "numeric(10,2)",
        "double precision",
        "timestamp",
        "date",
        "text",
        "boolean",
    ],
}

BASIC_TYPES = [
    ("String", "String"),
    ("Long", "Long"),
    ("Integer", "Integer"),
    ("Double", "Double"),
    ("Date", "java.util.Date"),
    ("Boolean", "Boolean"),
    ("This", "This"),
]
PLATFORM_TYPES = [
    ("用户", "com.jeeplus.sys.service.dto.UserDTO", "sys_user", "/sys/user/list"),
    ("机构", "com.jeeplus.sys.service.dto.OfficeDTO", "sys_office", "/sys/office/treeData"),
    ("区域", "com.jeeplus.sys.service.dto.AreaDTO", "sys_area", "/sys/area/treeData"),
]

# The English label of each seeded choice whose label is Chinese (value -> label), what the table
# wizard shows in en-US; the query types and the basic Java types read the same in both languages.
VALIDATE_TYPES_ENGLISH = {
    "required": "Required",
    "isMobile": "Mobile number",
    "isPhone": "Phone number",
    "isInteger": "Integer",
    "isEmail": "Email",
    "isURL": "URL",
    "isLowerCase": "Lowercase letters",
    "isUpperCase": "Uppercase letters",
    "isAlphabets": "Letters",
    "isName": "Person's name",
    "isFloat": "Decimal",
    "isNull": "Must be empty",
    "isIdCard": "ID card number",
    "isZero": "Only 0",
    "isIntGtZero": "Positive integer",
    "isIntLtTenThousand": "Positive integer below 10000",
    "isIntGteZero": "Integer ≥ 0",
    "isIntNEqZero": "Integer ≠ 0",
    "isIntLtZero": "Integer < 0",
    "isIntLteZero": "Integer ≤ 0",
    "isFloatEqZero": "Decimal = 0",
    "isFloatGtZero": "Decimal > 0",
    "isFloatGteZero": "Decimal ≥ 0",
    "isFloatNEqZero": "Decimal ≠ 0",
    "isFloatLtZero": "Decimal < 0",
    "isFloatLteZero": "Decimal ≤ 0",
    "isNumber": "Number",
    "isDigits": "Digits only",
    "isEnglish": "English characters",
    "isTel": "Contact number",
    "isQq": "QQ number",
    "isZipCode": "Postal code",
    "isPwd": "Password",
    "isIP": "IP address",
    "isRightfulString": "Letters, digits, Chinese and _",
    "isChinese": "Chinese characters",
    "isChineseStr": "Chinese with punctuation",
    "isLegalChars": "Allowed characters",
    "isLicensePlate": "Licence plate",
}
SHOW_TYPES_ENGLISH = {
    "input": "Text",
    "textarea": "Multi-line text",
    "select": "Drop-down",
    "radiobox": "Radio buttons",
    "checkbox": "Checkboxes",
    "dateselect": "Date picker",
    "userselect": "User picker",
    "officeselect": "Department picker",
    "areaselect": "Area picker",
    "treeselect": "Tree picker",
    "gridselect": "Table picker",
    "fileselect": "File upload",
    "imageselect": "Image upload",
    "umeditor": "Rich text",
    "switch": "Switch",
    "number": "Number",
}
PLATFORM_TYPES_ENGLISH = {
    "com.jeeplus.sys.service.dto.UserDTO": "User",
    "com.jeeplus.sys.service.dto.OfficeDTO": "Organisation",
    "com.jeeplus.sys.service.dto.AreaDTO": "Area",
}

SYSTEM_GROUP_NAME = "Loom (FastAPI + React)"


async def seed(session: AsyncSession) -> None:
    """Inserts what is missing; refreshes the system template group from the package."""
    await _label_values(session, ValidateType, VALIDATE_TYPES)
    await _label_values(session, QueryType, QUERY_TYPES)
    await _show_types(session)
    await _column_types(session)
    await _custom_objs(session)
    await session.flush()
    await _english_labels(session, ValidateType, VALIDATE_TYPES, VALIDATE_TYPES_ENGLISH)
    await _english_labels(session, ShowType, [row[:2] for row in SHOW_TYPES], SHOW_TYPES_ENGLISH)
    await _english_labels(session, CustomObj, [row[:2] for row in PLATFORM_TYPES], PLATFORM_TYPES_ENGLISH)
    params = await session.get(CodeParam, "1")
    if params is None:
        session.add(
            CodeParam(
                id="1",
                project_path=MODULE_BACKEND,
                front_path=MODULE_FRONTEND,
                package_name="com.jeeplus",
                author="loom",
            )
        )
    elif (params.project_path, params.front_path) == ("backend", "frontend"):
        # The earlier defaults: generated code now goes to the app host's store, which runs it.
        params.project_path, params.front_path = MODULE_BACKEND, MODULE_FRONTEND
        session.add(params)
    await _system_group(session)
    await session.flush()


async def _existing(session: AsyncSession, model: Any, column: str = "value") -> set[str]:
    return set((await session.execute(select(getattr(model, column)))).scalars().all())


async def _label_values(session: AsyncSession, model: Any, rows: list[tuple[str, str]]) -> None:
    have = await _existing(session, model)
    for index, (label, value) in enumerate(rows):
        if value not in have:
            session.add(model(id=new_id(), label=label, value=value, sort=(index + 1) * 10))


async def _english_labels(
    session: AsyncSession, model: Any, seeded: list[tuple[str, str]], english: dict[str, str]
) -> None:
    """Gives the seeded choices their English label, also those of a platform seeded before there
    were any; a label an administrator changed is theirs, and is not given the seed's English."""
    labels = {value: label for label, value in seeded}
    rows = (await session.execute(select(model).where(model.label_en.is_(None)))).scalars()
    for row in rows:
        if row.value in english and labels.get(row.value) == row.label:
            row.label_en = english[row.value]
            session.add(row)


async def _show_types(session: AsyncSession) -> None:
    have = await _existing(session, ShowType)
    for index, (label, value, component, import_path) in enumerate(SHOW_TYPES):
        if value not in have:
            session.add(
                ShowType(
                    id=new_id(),
                    label=label,
                    value=value,
                    component=component,
                    import_path=import_path or None,
                    sort=(index + 1) * 10,
                )
            )


async def _column_types(session: AsyncSession) -> None:
    have = await _existing(session, DataBaseType, "type")
    for db_type, values in COLUMN_TYPES.items():
        if db_type in have:
            continue
        parent = DataBaseType(id=new_id(), type=db_type)
        session.add(parent)
        await session.flush()
        for index, value in enumerate(values):
            session.add(
                TableFieldType(
                    id=new_id(), database_type_id=parent.id, label=value, value=value, sort=(index + 1) * 10
                )
            )


async def _custom_objs(session: AsyncSession) -> None:
    have = await _existing(session, CustomObj)
    for index, (label, value) in enumerate(BASIC_TYPES):
        if value not in have:
            session.add(CustomObj(id=new_id(), label=label, value=value, type="1", sort=(index + 1) * 10))
    for index, (label, value, table_name, data_url) in enumerate(PLATFORM_TYPES):
        if value in have:
            continue
        record = CustomObj(
            id=new_id(),
            label=label,
            value=value,
            type="0",
            table_name=table_name,
            data_url=data_url,
            sort=100 + index * 10,
            description=label,
        )
        session.add(record)
        await session.flush()
        for sort, (name, remarks) in enumerate([("id", "编号"), ("name", "名称")]):
            session.add(
                CustomField(id=new_id(), custom_obj_id=record.id, name=name, remarks=remarks, sort=sort * 10)
            )


def system_templates() -> list[tuple[str, str, str]]:
    """(file name, is_child, contents) of the packaged system group, by name."""
    folder = resources.files("loom_gencode") / "templates" / "loom"
    found = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".jinja2"):
            name = entry.name.removesuffix(".jinja2")
            found.append((name, "0", entry.read_text(encoding="utf-8")))
    return found


async def _system_group(session: AsyncSession) -> None:
    group = await session.get(TemplateGroup, SYSTEM_GROUP_ID)
    if group is None:
        group = TemplateGroup(
            id=SYSTEM_GROUP_ID,
            name=SYSTEM_GROUP_NAME,
            type="1",
            sort=10,
            remarks="FastAPI + SQLModel 模块与 React + antd 页面",
            is_system="1",
        )
        session.add(group)
        await session.flush()
    rows = (
        await session.execute(select(TemplateObj).where(TemplateObj.template_group_id == SYSTEM_GROUP_ID))  # type: ignore[arg-type]
    ).scalars()
    existing = {row.name: row for row in rows}
    for index, (name, is_child, contents) in enumerate(system_templates()):
        row = existing.pop(name, None) or TemplateObj(
            id=new_id(), template_group_id=SYSTEM_GROUP_ID, name=name
        )
        row.sort, row.is_child, row.contents = (index + 1) * 10, is_child, contents
        session.add(row)
    for stale in existing.values():
        await session.delete(stale)
