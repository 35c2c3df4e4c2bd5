"""The form list's export and template buttons as the real client calls them: POST with a JSON body
(``{formId, params, orderBy}`` / ``{formId}``), answered as a blob whose Content-Disposition is the
URL-encoded file name (``$utils.download``)."""

from __future__ import annotations

import io
import uuid
from urllib.parse import unquote

import httpx
from openpyxl import load_workbook

from .test_forms import _bound_form, _form_directory, _menu_permissions, _ok, _user_with

RUN = uuid.uuid4().hex[:6]


def _sheet(content: bytes) -> list[tuple[object, ...]]:
    return list(load_workbook(io.BytesIO(content), read_only=True).active.iter_rows(values_only=True))


def test_the_posted_export_answers_the_filtered_rows_and_the_template_the_headers(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given a bound form with its menu, a clerk holding its buttons, and rows, two matching a search
    code = f"rc{RUN}"
    form = _bound_form(admin, code, f"rc_{code}")
    menu = {"formId": form["id"], "parent.id": _form_directory(admin), "name": form["name"]}
    _ok(admin.post("/api/form/make/createMenu", data=menu))
    clerk = _user_with(admin, portal, list(_menu_permissions(admin, code).values()))
    for name, days in ((f"甲{RUN}", 1), (f"乙{RUN}", 2), ("别人", 3)):
        _ok(
            clerk.post(
                "/api/form/generate/save", json={"formId": form["id"], "applicant": name, "days": days}
            )
        )
    # when the export button posts the list's search, an object inside the client's JSON body
    body = {"formId": form["id"], "params": {"applicant": RUN}, "orderBy": ""}
    exported = clerk.post("/api/form/generate/export", json=body)
    # then the blob holds the header row and the two matching rows, named in the raw header
    assert exported.status_code == 200, exported.text
    assert unquote(exported.headers["content-disposition"]).endswith(".xlsx")
    rows = _sheet(exported.content)
    assert rows[0][:3] == ("申请人", "手机", "天数")
    assert sorted(str(r[0]) for r in rows[1:]) == sorted([f"甲{RUN}", f"乙{RUN}"])
    # when the template button posts the form id
    template = clerk.post("/api/form/generate/import/template", json={"formId": form["id"]})
    # then it is the empty sheet with the same headers
    assert template.status_code == 200, template.text
    assert unquote(template.headers["content-disposition"]).endswith("导入模板.xlsx")
    assert _sheet(template.content)[:1][0][:3] == ("申请人", "手机", "天数")
    assert len(_sheet(template.content)) == 1
    clerk.close()


def test_the_posted_export_of_an_unknown_form_is_a_404(admin: httpx.Client) -> None:
    answer = admin.post("/api/form/generate/export", json={"formId": "nope", "params": "", "orderBy": ""})
    assert answer.status_code == 404, answer.text
