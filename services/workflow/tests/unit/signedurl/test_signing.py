"""Signed URLs: valid for their own path and query until they expire, for nothing else."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

from loom_workflow.signedurl.signing import sign, verify

KEY = "k"


def _parts(url: str) -> tuple[str, dict[str, str]]:
    split = urlsplit(url)
    return split.path, dict(parse_qsl(split.query))


def test_a_signed_url_verifies_until_it_expires() -> None:
    # given a URL signed for 60 seconds
    path, query = _parts(sign(KEY, "/flowable/task/trace/photo/p1", {}, 60, now=1000))
    # then it holds before the expiry and not after
    assert verify(KEY, path, query, now=1059)
    assert not verify(KEY, path, query, now=1061)


def test_a_signature_is_refused_for_another_instance_query_or_key() -> None:
    # given a signed chart of one instance and a signed resource of one definition
    path, query = _parts(sign(KEY, "/flowable/task/trace/photo/p1", {}, 60, now=1000))
    rpath, rquery = _parts(
        sign(KEY, "/flowable/process/resource/read", {"procDefId": "d1", "resType": "image"}, 60, now=1000)
    )
    # then neither holds for another instance, definition, resource type or key
    assert not verify(KEY, "/flowable/task/trace/photo/p2", query, now=1001)
    assert not verify(KEY, rpath, {**rquery, "procDefId": "d2"}, now=1001)
    assert not verify(KEY, rpath, {**rquery, "resType": "xml"}, now=1001)
    assert not verify("other", path, query, now=1001)
    assert not verify(KEY, path, {**query, "expires": str(int(query["expires"]) + 600)}, now=1001)
    assert verify(KEY, rpath, rquery, now=1001)
