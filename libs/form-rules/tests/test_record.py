"""A record checked against a form definition: field-level messages in both languages."""

from loom_form_rules import fields, validate

LEAVE = {
    "list": [
        {
            "type": "grid",
            "columns": [
                {
                    "type": "col",
                    "list": [
                        {
                            "type": "input",
                            "model": "applicant",
                            "name": "申请人",
                            "options": {"required": True},
                        },
                    ],
                },
                {
                    "type": "col",
                    "list": [
                        {
                            "type": "input",
                            "model": "mobile",
                            "name": "手机",
                            "options": {},
                            "rules": [{"validator": "mobile"}],
                        },
                    ],
                },
            ],
        },
        {"type": "number", "model": "days", "name": "天数", "options": {"min": 1, "max": 30}},
        {
            "type": "input",
            "model": "code",
            "name": "编码",
            "options": {"patternCheck": True, "pattern": "/^[A-Z]{3}$/", "patternMessage": "三个大写字母"},
        },
        {
            "type": "input",
            "model": "age",
            "name": "年龄",
            "options": {"dataTypeCheck": True, "dataType": "integer"},
        },
        {"type": "fileupload", "model": "files", "name": "附件", "options": {"limit": 1}},
        {
            "type": "table",
            "model": "items",
            "name": "明细",
            "tableColumns": [
                {
                    "type": "input",
                    "model": "qty",
                    "name": "数量",
                    "options": {"required": True, "validator": "positiveInteger"},
                },
            ],
        },
        {"type": "text", "model": "note", "name": "说明"},
    ],
    "config": {},
}


def test_fields_are_found_inside_grids_and_display_widgets_are_left_out():
    assert [f.model for f in fields(LEAVE)] == [
        "applicant",
        "mobile",
        "days",
        "code",
        "age",
        "files",
        "items",
    ]


def test_a_bad_mobile_and_a_missing_required_field_give_both_messages_in_chinese():
    errors = validate(LEAVE, {"mobile": "123"})
    assert errors == {"applicant": "申请人必须填写", "mobile": "请输入正确的手机号码"}


def test_the_same_errors_in_english_with_the_language_header():
    errors = validate(LEAVE, {"mobile": "123"}, "en-US,en;q=0.9")
    assert errors == {"applicant": "申请人 is required", "mobile": "Enter a valid mobile phone number"}


def test_bounds_patterns_types_files_and_sub_table_rows_are_checked():
    errors = validate(
        LEAVE,
        {
            "applicant": "a",
            "days": 31,
            "code": "ab",
            "age": "x",
            "files": "a.png,b.png",
            "items": [{"qty": "2"}, {"qty": "0"}, {}],
        },
    )
    assert errors == {
        "days": "天数必须在1到30之间",
        "code": "三个大写字母",
        "age": "年龄格式不正确",
        "files": "附件最多只能上传1个文件",
        "items.1.qty": "请输入正整数",
        "items.2.qty": "数量必须填写",
    }


def test_a_number_without_bounds_takes_any_value_and_one_bound_names_itself():
    # given number fields with no bounds, an emptied max, and only a max
    form = {
        "list": [
            {"type": "number", "model": "free", "name": "金额", "options": {}},
            {"type": "number", "model": "emptied", "name": "数量", "options": {"min": 1, "max": ""}},
            {"type": "number", "model": "capped", "name": "天数", "options": {"max": 9}},
        ],
        "config": {},
    }
    # when 300 goes into each, then only the capped one is refused, naming its bound
    assert validate(form, {"free": 300, "emptied": 300, "capped": 300}) == {"capped": "天数不能大于9"}
    assert validate(form, {"emptied": 0}, "en-US") == {"emptied": "数量 must not be less than 1"}


def test_a_valid_record_has_no_errors_and_only_limits_the_check():
    assert validate(LEAVE, {"applicant": "张三", "mobile": "13812345678", "days": 3, "age": 30}) == {}
    assert validate(LEAVE, {}, only={"mobile"}) == {}
