"""forms' message catalogue: zh-CN (the seed's wording where it has one) and en-US (messages.toml)."""

from loom_platform.i18n import register_file

register_file(__name__)
