"""What the role domain refuses, as types (the edges translate them)."""

from loom_platform.errors import AlreadyExists, FailedPrecondition, InvalidArgument


class RoleEnNameTaken(AlreadyExists):
    message_key = "sys.role.en_name_taken"


class RoleNameTaken(AlreadyExists):
    message_key = "sys.role.name_taken"


class AdminRoleUndeletable(FailedPrecondition):
    message_key = "sys.role.delete_admin"


class MenuMissing(InvalidArgument):
    """A role's grants name a menu that does not exist (``MenuMissing(id=...)``)."""

    message_key = "sys.role.menu_missing"


class MemberMissing(InvalidArgument):
    """Users added to a role include one that does not exist (``MemberMissing(id=...)``)."""

    message_key = "sys.role.member_missing"
