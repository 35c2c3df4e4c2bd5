"""Message catalogues: zh-CN (default, the seeds' wording) and en-US.

Each service registers its catalogue at import time with :func:`register`. The request's
language lives in a context variable set by the HTTP middleware and the gRPC interceptor.
"""

from __future__ import annotations

import contextvars
from collections.abc import Mapping
from typing import Any

ZH = "zh-CN"
EN = "en-US"
DEFAULT_LANGUAGE = ZH

_catalogue: dict[str, dict[str, str]] = {}
current_language: contextvars.ContextVar[str] = contextvars.ContextVar(
    "loom_language", default=DEFAULT_LANGUAGE
)


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Adds ``{key: {"zh-CN": ..., "en-US": ...}}`` entries; a key registered twice must agree."""
    for key, texts in messages.items():
        if ZH not in texts:
            raise ValueError(f"message {key!r} has no zh-CN text")
        existing = _catalogue.get(key)
        if existing is not None and existing != dict(texts):
            raise ValueError(f"message {key!r} registered twice with different texts")
        _catalogue[key] = dict(texts)


def negotiate(accept_language: str | None) -> str:
    """Picks zh-CN or en-US from an ``Accept-Language`` header (zh-CN when unclear)."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    for part in accept_language.split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("en"):
            return EN
        if tag.startswith("zh"):
            return ZH
    return DEFAULT_LANGUAGE


def translate(key: str, lang: str | None = None, /, **params: Any) -> str:
    """Renders message ``key`` in ``lang`` (default: the current language) with ``params``.

    Positional-only, so a message may have parameters named ``key`` or ``lang`` (one named
    ``key`` turned an error into a 500)."""
    texts = _catalogue.get(key)
    if texts is None:
        return key if not params else f"{key} {params}"
    template = texts.get(lang or current_language.get()) or texts[ZH]
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template


register(
    {
        "internal": {ZH: "内部错误，操作异常: {detail}", EN: "Internal error: {detail}"},
        "invalid_argument": {ZH: "参数错误: {detail}", EN: "Invalid argument: {detail}"},
        "validation_failed": {
            ZH: "参数{field}, 数据验证失败: {detail}",
            EN: "Parameter {field} failed validation: {detail}",
        },
        "json_invalid": {ZH: "数据格式有误: {detail}", EN: "Malformed data: {detail}"},
        "tree.own_descendant": {
            ZH: "不能将上级设置为自己或自己的下级",
            EN: "A node cannot be moved under itself or its descendants",
        },
        "tree.below_outside_scope": {
            ZH: "节点[{name}]下有{count}个下级节点不在您的数据范围内，删除会连同它们一起删除，因此不能删除",
            EN: "Node [{name}] has {count} descendants outside your data scope; deleting it would delete them"
            " too, so it cannot be deleted",
        },
        "tree.parent_missing": {
            ZH: "上级节点不存在或已被删除",
            EN: "The parent node does not exist or was deleted",
        },
        "failed_precondition": {ZH: "操作无法完成: {detail}", EN: "Operation cannot be completed: {detail}"},
        "not_found": {ZH: "数据不存在或已被删除", EN: "The record does not exist or was deleted"},
        "already_exists": {ZH: "数据已存在", EN: "The record already exists"},
        "conflict": {
            ZH: "数据已被他人修改，请刷新后重试",
            EN: "The record was changed by someone else; reload and try again",
        },
        "permission_denied": {
            ZH: "权限不足，无法访问: {permission}",
            EN: "Permission denied: {permission}",
        },
        "unauthenticated": {ZH: "请先登录", EN: "Please log in"},
        "auth.session_ended": {
            ZH: "登录状态已失效（账号被禁用或已退出），请重新登录",
            EN: "Your session has ended (account disabled or logged out); please log in again",
        },
        "token_invalid": {ZH: "登录已过期，请重新登录", EN: "Your session has expired, please log in again"},
        "too_many_requests": {ZH: "请求过于频繁，请稍后再试", EN: "Too many requests, try again later"},
        "unavailable": {ZH: "服务暂不可用: {detail}", EN: "Service unavailable: {detail}"},
        "route_not_found": {ZH: "404 路径找不到: {path}", EN: "404 path not found: {path}"},
        "sort_column_invalid": {
            ZH: "不支持按字段[{column}]排序",
            EN: "Sorting by column [{column}] is not supported",
        },
        "date_invalid": {
            ZH: "参数{field}的日期格式不正确: {value}",
            EN: "Parameter {field} is not a valid date: {value}",
        },
        "page_current_invalid": {
            ZH: "页码[{current}]无效",
            EN: "Page number [{current}] is not valid",
        },
        "page_size_invalid": {
            ZH: "每页条数[{size}]无效",
            EN: "Page size [{size}] is not valid",
        },
    }
)
