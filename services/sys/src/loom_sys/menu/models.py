from __future__ import annotations

from sqlmodel import Field

from loom_sys.common import TreeRecord

DIRECTORY = "0"
PAGE = "1"
BUTTON = "2"


class Menu(TreeRecord, table=True):
    """A directory ('0'), page ('1') or button ('2'); buttons carry permission strings."""

    __tablename__ = "sys_menu"

    href: str | None = Field(default=None, max_length=2000)
    target: str | None = Field(default=None, max_length=20)
    icon: str | None = Field(default=None, max_length=100)
    is_show: str = Field(default="1", max_length=1)
    type: str = Field(default=PAGE, max_length=1)
    permission: str | None = Field(default=None, max_length=200)
    affix: str = Field(default="0", max_length=1)
    # The English label shown when the portal runs in en-US (the name stays the Chinese one).
    name_en: str | None = Field(default=None, max_length=200)
