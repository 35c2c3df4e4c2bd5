"""The app host's message catalogue: zh-CN and en-US."""

from __future__ import annotations

from loom_platform.i18n import EN, ZH, register

MESSAGES: dict[str, dict[str, str]] = {
    "apps.module.not_found": {ZH: "模块[{name}]不存在", EN: "There is no module {name}"},
    "apps.module.not_live": {ZH: "模块[{name}]尚未上线", EN: "The module {name} is not live"},
    "apps.module.unpublished": {ZH: "模块[{name}]已下线", EN: "The module {name} was taken offline"},
}

register(MESSAGES)
