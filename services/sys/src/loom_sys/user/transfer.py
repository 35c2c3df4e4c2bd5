"""Users to and from XLSX: the export of the list (its filter, selected ids, chosen columns), the
import template, and the import — validated row by row, all or nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ARRAY, String, any_, cast, select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import xlsx
from loom_platform.datarules import DataAccess
from loom_platform.i18n import translate
from loom_platform.paging import ALL_ROWS, PageParams
from loom_sys.dict import service as dict_service
from loom_sys.office.models import Office
from loom_sys.user import service as user_service
from loom_sys.user.errors import ImportEmpty, ImportFileInvalid
from loom_sys.user.models import User
from loom_sys.user.passwords import password_min_length
from loom_sys.user.schemas import Ref, UserSave

# (field, title, max length) of the default export and of the import template, in column order.
COLUMNS: tuple[tuple[str, str, int], ...] = (
    ("loginName", "登录名", 100),
    ("name", "姓名", 100),
    ("password", "密码", 100),
    ("companyDTO.name", "归属公司", 100),
    ("officeDTO.name", "归属部门", 100),
    ("no", "工号", 100),
    ("email", "邮箱", 200),
    ("phone", "电话", 200),
    ("mobile", "手机", 200),
    ("loginFlag", "是否允许登录", 1),
    ("remarks", "备注", 255),
)
EXPORTED = tuple((f, t) for f, t, _ in COLUMNS if f != "password")
# Columns holding a dictionary's value: exported as its label (是, not 1), imported as either.
DICTIONARY_COLUMNS = {"loginFlag": "yes_no"}
REQUIRED = {"loginName", "name", "password"}


def _value(record: Mapping[str, Any], field: str) -> Any:
    """A dotted field of a rendered user (``companyDTO.name``), as a cell value."""
    value: Any = record
    for part in field.split("."):
        value = value.get(part) if isinstance(value, Mapping) else None
    if isinstance(value, (list, dict)):
        return None
    if value is None or isinstance(value, (int, float)):
        return value
    return str(value)


def workbook(rows: Sequence[Mapping[str, Any]], columns: Sequence[tuple[str, str]], title: str) -> bytes:
    """One sheet: the titles, then a row per record (values as data, never formulas: loom_platform.xlsx)."""
    return xlsx.workbook(
        title, [t for _, t in columns], ([_value(row, f) for f, _ in columns] for row in rows)
    )


def export_columns(query: Mapping[str, str]) -> list[tuple[str, str]]:
    """``fields[i].field`` / ``fields[i].title`` as the client sends them; the default columns when none
    (only fields a user row has: anything else exports empty)."""
    found: dict[int, dict[str, str]] = {}
    for key, value in query.items():
        if key.startswith("fields[") and "]." in key:
            index, _, part = key[7:].partition("].")
            if index.isdigit() and part in ("field", "title"):
                found.setdefault(int(index), {})[part] = value[:100]
    chosen = [(c["field"], c.get("title") or c["field"]) for _, c in sorted(found.items()) if c.get("field")]
    return chosen[:50] or list(EXPORTED)


def export_ids(query: Mapping[str, str]) -> list[str]:
    """``ids[i]`` (the selected rows) or a comma-joined ``ids``."""
    ids = [v for k, v in query.items() if k.startswith("ids[")]
    return ids or [i for i in query.get("ids", "").split(",") if i]


async def export(
    session: AsyncSession,
    *,
    filters: Mapping[str, str | None],
    ids: Sequence[str],
    columns: Sequence[tuple[str, str]],
    access: DataAccess | None = None,
) -> bytes:
    """The users the list shows with its filter and within ``access`` (only ``ids`` when rows were selected)."""
    every = PageParams(current=1, size=ALL_ROWS, orders=())
    page = await user_service.page(session, every, **filters, access=access)  # type: ignore[arg-type]
    records = page["records"]
    if ids:
        wanted = set(ids)
        records = [r for r in records if r["id"] in wanted]
    labels = await _labels(session)
    records = [
        {**r, **{f: labels[f].get(str(r.get(f)), r.get(f)) for f in DICTIONARY_COLUMNS}} for r in records
    ]
    return workbook(records, columns, "用户数据")


async def _labels(session: AsyncSession) -> dict[str, dict[str, str]]:
    """Each dictionary column's labels by value (``{"loginFlag": {"1": "是", "0": "否"}}``)."""
    found = await dict_service.dict_map(session, sorted(set(DICTIONARY_COLUMNS.values())))
    return {f: {str(v["value"]): str(v["label"]) for v in found[t]} for f, t in DICTIONARY_COLUMNS.items()}


def template() -> bytes:
    """The import template: the titles and one example row."""
    example = {
        "loginName": "zhangsan",
        "name": "张三",
        "password": "change-me-123",
        "companyDTO": {"name": "Loom"},
        "loginFlag": "是",
    }
    return workbook([example], [(f, t) for f, t, _ in COLUMNS], "用户数据")


@dataclass(frozen=True)
class RowError:
    row: int
    field: str
    reason: str

    def text(self) -> str:
        return translate("sys.user.import_row", row=self.row, field=self.field, reason=self.reason)


class ImportRefused(Exception):
    """A file with a bad row: nothing is imported."""

    def __init__(self, errors: list[RowError]) -> None:
        super().__init__(errors[0].text())
        self.errors = errors


async def _rows(content: bytes, limits: xlsx.ReadLimits) -> list[tuple[int, dict[str, str]]]:
    """The rows of the file by field, parsed off the event loop within ``limits``."""
    try:
        table = await xlsx.read(content, limits)
    except xlsx.SheetRefused as refused:
        if refused.key == "xlsx.invalid":
            raise ImportFileInvalid() from refused
        raise
    return await _by_field(table)


async def _by_field(table: list[list[Any]]) -> list[tuple[int, dict[str, str]]]:
    """``(row number, {field: text})`` of each non-empty row, the columns found by their titles
    (a slice of rows at a time: other requests are answered in between)."""
    if not table:
        return []
    by_title = {t: f for f, t, _ in COLUMNS}
    header = [by_title.get(str(c).strip().rstrip("*")) if c is not None else None for c in table[0]]
    if "loginName" not in header:
        raise ImportFileInvalid()
    rows = []
    for number, cells in enumerate(table[1:], start=2):
        values = {f: ("" if v is None else str(v).strip()) for f, v in zip(header, cells, strict=False) if f}
        if any(values.values()):
            rows.append((number, values))
        if number % xlsx.SLICE == 0:
            await asyncio.sleep(0)
    return rows


async def _offices(session: AsyncSession) -> dict[tuple[str, str], str]:
    found = await session.execute(select(Office.id, Office.name, Office.type))
    return {(name, kind): office_id for office_id, name, kind in found.all()}


def _check(
    minimum: int,
    number: int,
    values: dict[str, str],
    seen: set[str],
    taken: set[str],
    offices: dict[tuple[str, str], str],
) -> list[RowError]:
    errors = []
    titles = {f: t for f, t, _ in COLUMNS}
    for field, title, limit in COLUMNS:
        value = values.get(field, "")
        if field in REQUIRED and not value:
            errors.append(RowError(number, title, translate("sys.user.import_required")))
        elif len(value) > limit:
            errors.append(RowError(number, title, translate("sys.user.import_too_long", max=limit)))
    login = values.get("loginName", "")
    if login and login in taken:
        errors.append(RowError(number, titles["loginName"], translate("sys.user.import_taken")))
    elif login and login in seen:
        errors.append(RowError(number, titles["loginName"], translate("sys.user.import_duplicate")))
    seen.add(login)
    password = values.get("password", "")
    if password and len(password) < minimum:
        errors.append(
            RowError(number, titles["password"], translate("sys.user.import_password", min=minimum))
        )
    if values.get("loginFlag", "") not in ("", "0", "1"):
        errors.append(RowError(number, titles["loginFlag"], translate("sys.user.import_flag")))
    for field, kind in (("companyDTO.name", "1"), ("officeDTO.name", "2")):
        name = values.get(field, "")
        if name and (name, kind) not in offices:
            errors.append(
                RowError(number, titles[field], translate("sys.user.import_office_missing", name=name))
            )
    return errors


async def _checked(
    rows: list[tuple[int, dict[str, str]]],
    labels: dict[str, dict[str, str]],
    minimum: int,
    taken: set[str],
    offices: dict[tuple[str, str], str],
) -> list[RowError]:
    """Every row's errors, a slice of rows at a time; dictionary labels become their values."""
    # a dictionary column holds a label (是, as the export and the template write it) or its value
    by_label = {f: {label: value for value, label in by_value.items()} for f, by_value in labels.items()}
    seen: set[str] = set()
    errors: list[RowError] = []
    for index, (number, values) in enumerate(rows, start=1):
        for field, known in by_label.items():
            values[field] = known.get(values.get(field, ""), values.get(field, ""))
        errors += _check(minimum, number, values, seen, taken, offices)
        if index % xlsx.SLICE == 0:
            await asyncio.sleep(0)
    return errors


async def import_users(
    session: AsyncSession, content: bytes, *, actor: str, limits: xlsx.ReadLimits | None = None
) -> int:
    """Creates a user per row; a file with one bad row imports nothing (:class:`ImportRefused`), one
    beyond ``limits`` is refused before any row is read (:class:`loom_platform.xlsx.SheetRefused`)."""
    rows = await _rows(content, limits or xlsx.ReadLimits())
    if not rows:
        raise ImportEmpty()
    labels = await _labels(session)
    offices = await _offices(session)
    logins = [v.get("loginName", "") for _, v in rows]
    # one array parameter, not one per row
    stmt = select(User.login_name).where(User.login_name == any_(cast(logins, ARRAY(String))))  # type: ignore[arg-type]
    taken = set((await session.execute(stmt)).scalars().all())
    minimum = await password_min_length(session)
    errors = await _checked(rows, labels, minimum, taken, offices)
    if errors:
        raise ImportRefused(errors)
    for _, values in rows:
        company = offices.get((values.get("companyDTO.name", ""), "1"))
        office = offices.get((values.get("officeDTO.name", ""), "2"))
        data = UserSave(
            login_name=values["loginName"],
            name=values["name"],
            password=values["password"],
            no=values.get("no") or None,
            email=values.get("email") or None,
            phone=values.get("phone") or None,
            mobile=values.get("mobile") or None,
            login_flag=values.get("loginFlag") or "1",
            remarks=values.get("remarks") or None,
            company_dto=Ref(id=company) if company else None,
            office_dto=Ref(id=office) if office else None,
        )
        await user_service.save(session, data, actor=actor)
    return len(rows)
