"""Messages in the caller's language and the status each error maps to."""

from __future__ import annotations

import grpc
import pytest

from loom_platform import i18n
from loom_platform.errors import GRPC_STATUS, HTTP_STATUS, ErrorCode, NotFound, TokenInvalid


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "zh-CN"),
        ("", "zh-CN"),
        ("en-US,en;q=0.9", "en-US"),
        ("en", "en-US"),
        ("zh-CN,zh", "zh-CN"),
        ("fr", "zh-CN"),
    ],
)
def test_accept_language_picks_english_only_when_asked(header: str | None, language: str) -> None:
    assert i18n.negotiate(header) == language


def test_an_error_renders_in_the_current_language() -> None:
    error = NotFound()
    assert error.message() == "数据不存在或已被删除"
    token = i18n.current_language.set(i18n.EN)
    try:
        assert error.message() == "The record does not exist or was deleted"
    finally:
        i18n.current_language.reset(token)


def test_every_code_has_an_http_and_a_grpc_status() -> None:
    assert set(HTTP_STATUS) == set(ErrorCode) == set(GRPC_STATUS)
    assert HTTP_STATUS[TokenInvalid.code] == 408
    assert GRPC_STATUS[ErrorCode.NOT_FOUND] is grpc.StatusCode.NOT_FOUND


def test_a_key_registered_twice_with_other_texts_is_a_mistake() -> None:
    i18n.register({"test.same": {i18n.ZH: "一", i18n.EN: "one"}})
    i18n.register({"test.same": {i18n.ZH: "一", i18n.EN: "one"}})
    with pytest.raises(ValueError):
        i18n.register({"test.same": {i18n.ZH: "二"}})


def test_an_error_with_a_parameter_named_key_still_renders() -> None:
    from loom_platform.errors import InvalidArgument

    i18n.register({"test.with_key": {i18n.ZH: "键[{key}]无效", i18n.EN: "Key [{key}] is not valid"}})
    assert InvalidArgument("test.with_key", key="k1", lang="x").message() == "键[k1]无效"
