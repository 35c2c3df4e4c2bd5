"""The model list's BPMN import and export and the chart images, as the real client calls them:
a multipart ``file`` upload answered with ``{id}``, ``window.open`` of ``bpmn20?version=<ms>``,
``<img src>`` of ``trace/photo/{processInstanceId}`` and ``resource/read?procDefId&resType``.

What the browser loads without the token header goes through a short-lived signed URL: it works
without a token, and stops working once expired or pointed at another instance or definition.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest
from lxml import etree

from loom_workflow.settings import DEFAULT_URL_SIGNING_KEY
from loom_workflow.signedurl.signing import sign

from .test_real_client_flowable import FORM_ENCODED, MODELER_XML, _ok, _todo, jeeplus_client

RUN = uuid.uuid4().hex[:6]
KEY = f"imp_{RUN}"
# the property process of the Flowable form test, under a key of its own
XML = MODELER_XML.replace(MODELER_XML.split('<process id="')[1].split('"')[0], KEY)
SVG_NS = "{http://www.w3.org/2000/svg}"


def _states(svg: bytes) -> dict[str, str | None]:
    root = etree.fromstring(svg)
    return {g.get("data-id"): g.get("data-state") for g in root.iter(f"{SVG_NS}g")}


@pytest.fixture(scope="module")
def client(portal: httpx.Client) -> Iterator[httpx.Client]:
    yield from jeeplus_client(portal)


def _signed(client: httpx.Client, url: str) -> str:
    return _ok(client.get("/api/flowable/resource/signedUrl", params={"url": url}))["url"]


@pytest.fixture(scope="module")
def imported(client: httpx.Client) -> str:
    """The modeler file imported as the model list's upload does it; answers the model id."""
    files = {"file": (f"{KEY}.bpmn20.xml", XML.encode(), "text/xml")}
    answer = _ok(client.post("/api/app/rest/import-process-model", files=files))
    assert answer["id"] and answer["key"] == KEY
    return str(answer["id"])


def test_an_imported_file_becomes_a_model_and_downloads_as_it_came(
    client: httpx.Client, imported: str
) -> None:
    # when the export button opens the download (with the token header, as axios would)
    answer = client.get(
        f"/api/app/rest/models/{imported}/bpmn20", params={"version": int(time.time() * 1000)}
    )
    # then it is the same BPMN, offered as <key>.bpmn20.xml
    assert answer.status_code == 200, answer.text
    assert answer.text == XML
    assert f"{KEY}.bpmn20.xml" in answer.headers["content-disposition"]
    # and the model is in the list under its process's key and name
    rows = _ok(client.get("/api/flowable/model/list", params={"filterText": KEY}))["records"]
    assert [r["key"] for r in rows] == [KEY]


@pytest.mark.usefixtures("imported")
def test_an_import_of_a_taken_key_or_of_no_bpmn_is_refused_in_the_users_words(client: httpx.Client) -> None:
    # when the same file is imported again, and then a file that is no BPMN
    again = client.post(
        "/api/app/rest/import-process-model", files={"file": ("a.xml", XML.encode(), "text/xml")}
    )
    junk = client.post(
        "/api/app/rest/import-process-model", files={"file": ("a.xml", b"\xff\xfe<x", "text/xml")}
    )
    none = client.post("/api/app/rest/import-process-model", files={"file": ("a.xml", b"<a/>", "text/xml")})
    # then each is refused with a message, never a 500
    assert again.status_code == 409 and KEY in again.text, again.text
    assert junk.status_code == 400, junk.text
    assert none.status_code == 400 and none.text == "流程图中没有可执行的流程(process)", none.text


def test_the_download_without_the_token_header_needs_a_signed_url(
    client: httpx.Client, portal: httpx.Client, imported: str
) -> None:
    path = f"/api/app/rest/models/{imported}/bpmn20?version=1617092632878"
    # when window.open loads it without a token, then it is refused
    assert portal.get(path).status_code == 401
    # when it loads the signed URL, then the file comes
    signed = _signed(client, path)
    assert portal.get(f"/api{signed}").text == XML
    # and the signature does not open another model
    other = signed.replace(imported, "x" + imported[1:])
    assert portal.get(f"/api{other}").status_code == 403


def test_the_chart_of_a_running_instance_shows_where_it_went_and_waits_through_a_signed_url(
    client: httpx.Client, portal: httpx.Client, imported: str
) -> None:
    # given the imported model deployed and started, waiting in its audit
    _ok(client.put("/api/flowable/model/deploy", params={"id": imported, "category": ""}))
    found = _ok(client.get("/api/flowable/process/list", params={"current": 1, "size": 10, "name": KEY}))
    definition = next(r["id"] for r in found["records"] if r["key"] == KEY)
    body = {
        "processDefinitionId": definition,
        "title": f"图{RUN}",
        "assignee": "",
        "data": json.dumps({"days": "2"}),
    }
    pid = _ok(client.post("/api/flowable/form/submitStartFormData", data=body, headers=FORM_ENCODED))
    _todo(client, pid)
    # when the monitor's <img src> loads the trace through its signed URL, without a token
    signed = _signed(client, f"/api/flowable/task/trace/photo/{pid}")
    image = portal.get(f"/api{signed}")
    # then it is an SVG with the start done and the audit waiting
    assert image.status_code == 200, image.text
    assert image.headers["content-type"].startswith("image/svg+xml")
    states = _states(image.content)
    assert states["start"] == "done" and states["audit"] == "waiting" and states["end"] is None
    # and the same signature does not open another instance, nor the chart without one
    assert portal.get(f"/api{signed.replace(pid, definition.split(':')[-1])}").status_code == 403
    assert portal.get(f"/api/flowable/task/trace/photo/{pid}").status_code == 401
    # and a URL signed with the built-in development key is refused: make dev generates the key of
    # its state directory at first start (issue 33, finding 9)
    path = f"/flowable/task/trace/photo/{pid}"
    assert portal.get(f"/api{sign(DEFAULT_URL_SIGNING_KEY, path, {}, 60)}").status_code == 403
    # and once expired it is refused (signed here with the key of the platform's state directory)
    key_file = Path(os.environ.get("LOOM_STATE_DIR", ".loom")) / "secrets" / "workflow-url-signing-key"
    if key_file.is_file():
        key = key_file.read_text().strip()
        assert portal.get(f"/api{sign(key, path, {}, -5)}").status_code == 403
        assert portal.get(f"/api{sign(key, path, {}, 60)}").status_code == 200


def test_the_definitions_resources_read_as_xml_and_as_an_image(
    client: httpx.Client, portal: httpx.Client, imported: str
) -> None:
    # given the deployed definition of the imported model
    found = _ok(client.get("/api/flowable/process/list", params={"current": 1, "size": 10, "name": KEY}))
    rows = [r for r in found["records"] if r["key"] == KEY]
    if not rows:
        _ok(client.put("/api/flowable/model/deploy", params={"id": imported, "category": ""}))
        rows = [
            r
            for r in _ok(client.get("/api/flowable/process/list", params={"name": KEY}))["records"]
            if r["key"] == KEY
        ]
    definition = rows[0]["id"]
    # when the definition list reads its XML and opens its image
    xml = client.get(
        "/api/flowable/process/resource/read", params={"procDefId": definition, "resType": "xml"}
    )
    signed = _signed(client, f"/api/flowable/process/resource/read?procDefId={definition}&resType=image")
    image = portal.get(f"/api{signed}")
    # then the XML is the deployed process and the image its diagram, nothing marked
    assert xml.status_code == 200 and f'<process id="{KEY}"' in xml.text
    assert image.status_code == 200 and set(_states(image.content).values()) == {None}
    # and the signed image does not read the XML
    query = dict(parse_qsl(urlsplit(signed).query)) | {"resType": "xml"}
    assert portal.get("/api/flowable/process/resource/read", params=query).status_code == 403
