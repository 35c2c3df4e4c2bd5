"""BPMN files in and out, and the chart images behind short-lived signed URLs."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl, urlsplit

from lxml import etree

from loom_workflow.signedurl.signing import sign

from ..conftest import ADMIN, Env
from .helpers import task_of
from .test_flowform import XML

FORM = {"Content-Type": "application/x-www-form-urlencoded"}


async def test_an_imported_model_downloads_as_it_came_and_a_taken_key_is_refused(env: Env) -> None:
    # when a modeler file is imported twice
    h = env.headers()
    files = {"file": ("props.bpmn20.xml", XML.encode(), "text/xml")}
    first = await env.client.post("/app/rest/import-process-model", files=files, headers=h)
    again = await env.client.post("/app/rest/import-process-model", files=files, headers=h)
    # then the first is a model keyed by its process, the second a 409
    assert first.status_code == 200 and first.json()["key"] == "props", first.text
    assert again.status_code == 409
    download = await env.client.get(
        f"/app/rest/models/{first.json()['id']}/bpmn20", params={"version": "1"}, headers=h
    )
    assert download.text == XML and "props.bpmn20.xml" in download.headers["content-disposition"]


async def test_the_trace_of_an_instance_opens_with_its_signed_url_only(env: Env) -> None:
    # given a running instance of an imported and deployed model
    h = env.headers()
    model = (
        await env.client.post(
            "/app/rest/import-process-model", files={"file": ("p.xml", XML.encode())}, headers=h
        )
    ).json()
    assert (
        await env.client.put("/flowable/model/deploy", params={"id": model["id"]}, headers=h)
    ).status_code == 200
    listed = (await env.client.get("/flowable/process/list", params={"name": "props"}, headers=h)).json()[
        "records"
    ]
    definition = next(d["id"] for d in listed if d["key"] == "props")
    body = {"processDefinitionId": definition, "data": json.dumps({"days": "2"})}
    pid = (await env.client.post("/flowable/form/submitStartFormData", data=body, headers=h | FORM)).json()
    await task_of(env, ADMIN, pid)
    # when its signed trace is loaded without a token
    signed = (
        await env.client.get(
            "/flowable/resource/signedUrl", params={"url": f"/api/flowable/task/trace/photo/{pid}"}, headers=h
        )
    ).json()
    image = await env.client.get(signed["url"])
    # then the SVG marks the start done and the audit waiting
    assert image.status_code == 200 and image.headers["content-type"].startswith("image/svg+xml")
    states = {g.get("data-id"): g.get("data-state") for g in etree.fromstring(image.content).iter("{*}g")}
    assert states["start"] == "done" and states["audit"] == "waiting" and states["end"] is None
    # and without the signature, with an expired one, or moved to another instance, it is refused
    path = f"/flowable/task/trace/photo/{pid}"
    assert (await env.client.get(path)).status_code == 401
    assert (await env.client.get(sign(env.settings.url_signing_key, path, {}, -1))).status_code == 403
    query = dict(parse_qsl(urlsplit(signed["url"]).query))
    assert (await env.client.get("/flowable/task/trace/photo/other", params=query)).status_code == 403
