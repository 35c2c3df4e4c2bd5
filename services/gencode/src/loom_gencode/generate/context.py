"""What templates see: the table, its columns, parent and children, and the scheme's names."""

from __future__ import annotations

from typing import Any

from loom_gencode.generate.escape import py_value
from loom_gencode.table.defaults import BASE_COLUMNS, type_name
from loom_gencode.table.models import GenTable, GenTableColumn

PY_TYPES = {
    "int": "int",
    "integer": "int",
    "smallint": "int",
    "tinyint": "int",
    "mediumint": "int",
    "bigint": "int",
    "decimal": "float",
    "numeric": "float",
    "double": "float",
    "float": "float",
    "real": "float",
    "date": "date",
    "datetime": "datetime",
    "timestamp": "datetime",
    "time": "time",
    "boolean": "bool",
    "bool": "bool",
}
# a physical type -> the SQLAlchemy type class the generated model declares (``sa.<class>()``)
SA_TYPES = {
    "int": "Integer",
    "integer": "Integer",
    "smallint": "SmallInteger",
    "tinyint": "SmallInteger",
    "mediumint": "Integer",
    "bigint": "BigInteger",
    "double": "Float",
    "float": "Float",
    "real": "Float",
    "date": "Date",
    "datetime": "DateTime",
    "timestamp": "DateTime",
    "time": "Time",
    "boolean": "Boolean",
    "bool": "Boolean",
    "text": "Text",
    "longtext": "Text",
    "mediumtext": "Text",
    "decimal": "Numeric",
    "numeric": "Numeric",
}
TS_TYPES = {"int": "number", "float": "number", "bool": "boolean"}
# A column's validation type (gencode's reference data) -> the shared validator of libs/form-rules
# the generated module checks its values with on the server, as the form does in the browser.
VALIDATORS = dict(
    zip(
        (
            "isMobile isPhone isInteger isEmail isURL isLowerCase isUpperCase isAlphabets isName isFloat "
            "isNull isIdCard isZero isIntGtZero isIntLtTenThousand isIntGteZero isIntNEqZero isIntLtZero "
            "isIntLteZero isFloatEqZero isFloatGtZero isFloatGteZero isFloatNEqZero isFloatLtZero "
            "isFloatLteZero isNumber isDigits isEnglish isTel isQq isZipCode isPwd isIP isRightfulString "
            "isChinese isChineseStr isLegalChars isLicensePlate"
        ).split(),
        (
            "mobile phone integer email url lowercase uppercase letters name float empty idCard zero "
            "positiveInteger positiveIntegerBelow10000 integerGe0 integerNe0 integerLt0 integerLe0 floatEq0 "
            "floatGt0 floatGe0 floatNe0 floatLt0 floatLe0 number digits english tel qq postcode password ip "
            "wordChars chinese chinesePunctuation legal plate"
        ).split(),
        strict=True,
    )
)
# a value of each Python type the generated tests save
SAMPLES: dict[str, Any] = {
    "int": 1,
    "float": 1.5,
    "bool": True,
    "date": "2024-01-02",
    "datetime": "2024-01-02T03:04:05",
    "time": "03:04:05",
}

# A value each validator accepts: the generated tests save it (libs/form-rules checks them all).
VALIDATOR_SAMPLES = {
    "mobile": "13800138000", "phone": "010-12345678", "integer": "1", "email": "a@b.cn",
    "url": "https://loom.example", "lowercase": "abc", "uppercase": "ABC", "letters": "abc", "name": "张三",
    "float": "1.5", "empty": "", "idCard": "11010519491231002X", "zero": "0", "positiveInteger": "1",
    "positiveIntegerBelow10000": "1", "integerGe0": "0", "integerNe0": "1", "integerLt0": "-1",
    "integerLe0": "0", "floatEq0": "0", "floatGt0": "1.5", "floatGe0": "0", "floatNe0": "1.5",
    "floatLt0": "-1.5", "floatLe0": "0", "number": "1", "digits": "1", "english": "abc", "tel": "13800138000",
    "qq": "12345", "postcode": "100000", "password": "Abc12345", "ip": "127.0.0.1", "wordChars": "abc",
    "chinese": "张三", "chinesePunctuation": "张三", "legal": "abc", "plate": "京A12345",
}  # fmt: skip


def _validated_sample(validator: str, py_type: str, fallback: Any) -> Any:
    text = VALIDATOR_SAMPLES.get(validator)
    if text is None:
        return fallback
    if py_type in ("int", "float"):
        try:
            return int(float(text)) if py_type == "int" else float(text)
        except ValueError:
            return fallback
    return text


def column_context(column: GenTableColumn) -> dict[str, Any]:
    """A column as templates see it."""
    base = type_name(column.jdbc_type)
    py_type = PY_TYPES.get(base, "str")
    length = _length(column.jdbc_type)
    sa_class = SA_TYPES.get(base, "String")
    sa_length = length if sa_class == "String" else None
    sample = SAMPLES.get(py_type, ("v" + column.name)[: max(1, min(length or 8, 8))])
    validator = VALIDATORS.get((column.validate_type or "").strip(), "")
    sample = _validated_sample(validator, py_type, sample)
    if column.name in ("parent_id", "parent_ids"):
        sample = "0" if column.name == "parent_id" else "0,"
    return {
        "name": column.name,
        "field": column.name,
        "comments": column.comments or column.name,
        "jdbc_type": column.jdbc_type,
        "py_type": py_type,
        # the annotation of the model's and the schemas' field (dates from ``import datetime as dt``)
        "annotation": f"dt.{py_type}" if py_type in ("date", "datetime", "time") else py_type,
        # ``sa.<sa_class>(<sa_length>)``; Numeric reads back floats (``asdecimal=False``)
        "sa_class": sa_class,
        "sa_length": sa_length,
        "sa_type": _sa_type(sa_class, sa_length),
        "ts_type": TS_TYPES.get(py_type, "string"),
        "java_type": column.java_type,
        "java_field": column.java_field,
        "camel": _camel(column.name),
        "is_pk": column.is_pk == "1",
        # the "required" validation type makes a column required as its not-null flag does
        "nullable": column.is_null != "0"
        and column.is_pk != "1"
        and (column.validate_type or "") != "required",
        "is_insert": column.is_insert == "1",
        "is_edit": column.is_edit == "1",
        "is_list": column.is_list == "1",
        "is_query": column.is_query == "1",
        "is_form": column.is_form == "1",
        "query_type": column.query_type or "EQ",
        "show_type": column.show_type or "input",
        "dict_type": column.dict_type or "",
        "max_length": length,
        "is_base": column.name in BASE_COLUMNS,
        # a value the generated tests save (``sample``: the same as Python source, for older groups)
        "sample_value": sample,
        "sample": py_value(sample),
        "validate_type": column.validate_type or "",
        "validator": validator,
    }


def table_context(table: GenTable, columns: list[GenTableColumn]) -> dict[str, Any]:
    """A table as templates see it."""
    cols = [column_context(c) for c in columns]
    pk = next((c for c in cols if c["is_pk"]), cols[0] if cols else None)
    class_name = table.class_name or _pascal(table.name)
    return {
        "id": table.id,
        "name": table.name,
        "comments": table.comments or table.name,
        "class_name": class_name,
        # the master's form carries a child table's rows under this name (JeePlus's ``xxxList``)
        "list_field": class_name[:1].lower() + class_name[1:] + "List",
        "var": _camel(table.name),
        "table_type": table.table_type,
        "is_tree": table.table_type in ("3", "4"),
        "is_workflow": table.table_type == "6",
        "parent_table": table.parent_table or "",
        "parent_fk": (table.parent_table_fk or "").lower(),
        "columns": cols,
        "pk": pk,
        "own_columns": [c for c in cols if not c["is_base"]],
        "required_columns": [c for c in cols if not c["nullable"] and not c["is_pk"] and not c["is_base"]],
        "query_columns": [c for c in cols if c["is_query"]],
        "column_names": [c["name"] for c in cols],
        "list_columns": [c for c in cols if c["is_list"] or c["is_pk"]],
        # what the XLSX export writes: the list's columns, a dictionary's by label
        "export_columns": [c for c in cols if c["is_list"] and not c["is_pk"]],
        "form_columns": [c for c in cols if not c["is_base"] and not c["is_pk"]],
        "needs_dt": any(c["py_type"] in ("date", "datetime", "time") for c in cols),
        "validated_columns": [c for c in cols if c["validator"] and not c["is_base"] and not c["is_pk"]],
    }


def _sa_type(sa_class: str, length: int | None) -> str:
    if sa_class == "Numeric":
        return "sa.Numeric(asdecimal=False)"
    return f"sa.{sa_class}({length or ''})"


def _length(jdbc_type: str) -> int | None:
    if "(" in jdbc_type and type_name(jdbc_type) in (
        "varchar",
        "char",
        "character",
        "character varying",
        "nvarchar",
    ):
        try:
            return int(jdbc_type.split("(", 1)[1].split(")", 1)[0].split(",")[0])
        except ValueError:
            return None
    return None


def _camel(value: str) -> str:
    head, *rest = value.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _pascal(value: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in value.split("_") if p)
