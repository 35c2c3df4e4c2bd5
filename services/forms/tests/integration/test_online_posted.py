"""The form list's export and template buttons as the real client posts them (JSON bodies)."""

from __future__ import annotations

import io

from openpyxl import load_workbook

from .helpers import bound_form


async def test_the_posted_export_takes_the_search_as_an_object_or_its_text(env):
    # given two records, one searched for
    form_id = await bound_form(env)
    for name in ("王一", "李二"):
        saved = await env.client.post(
            "/form/generate/save",
            json={"formId": form_id, "applicant": name, "days": 1},
            headers=env.headers(),
        )
        assert saved.status_code == 200, saved.text
    for params in ({"applicant": "王"}, '{"applicant": "王"}'):
        # when the export button posts {formId, params, orderBy}
        exported = await env.client.post(
            "/form/generate/export",
            json={"formId": form_id, "params": params, "orderBy": ""},
            headers=env.headers(),
        )
        # then the sheet holds the searched record only
        assert exported.status_code == 200, exported.text
        rows = list(load_workbook(io.BytesIO(exported.content)).worksheets[0].iter_rows(values_only=True))
        assert [r[0] for r in rows[1:]] == ["王一"]


async def test_the_posted_template_is_the_header_row(env):
    form_id = await bound_form(env)
    template = await env.client.post(
        "/form/generate/import/template", json={"formId": form_id}, headers=env.headers()
    )
    assert template.status_code == 200, template.text
    rows = list(load_workbook(io.BytesIO(template.content)).worksheets[0].iter_rows(values_only=True))
    assert rows == [("申请人", "手机", "天数", "类型", "标签")]
