"""Every table of sys, imported once so the metadata is complete (Alembic, tests)."""

from loom_platform.outbox import InboxRecord, OutboxRecord
from loom_sys.area.models import Area
from loom_sys.auth.models import LoginSession
from loom_sys.config.models import SysConfig
from loom_sys.datarule.models import DataRule, RoleDataRule, RoleOffice
from loom_sys.dict.models import DictType, DictValue
from loom_sys.file.models import DownloadTicket, StoredFile
from loom_sys.log.models import Log
from loom_sys.menu.models import Menu
from loom_sys.office.models import Office
from loom_sys.post.models import Post
from loom_sys.role.models import Role, RoleMenu
from loom_sys.user.models import User, UserPost, UserRole

__all__ = [
    "Area",
    "DataRule",
    "DictType",
    "DictValue",
    "DownloadTicket",
    "InboxRecord",
    "Log",
    "LoginSession",
    "Menu",
    "Office",
    "OutboxRecord",
    "Post",
    "Role",
    "RoleDataRule",
    "RoleMenu",
    "RoleOffice",
    "StoredFile",
    "SysConfig",
    "User",
    "UserPost",
    "UserRole",
]
