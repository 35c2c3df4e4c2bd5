"""gencode's message catalogue: the seed's zh-CN wording and its en-US translation (messages.toml)."""

from loom_platform.i18n import register_file

register_file(__name__)
