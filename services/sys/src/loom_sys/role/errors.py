"""What the role domain refuses, as types (the edges translate them)."""

from loom_platform.errors import AlreadyExists, FailedPrecondition


class RoleEnNameTaken(AlreadyExists):
    message_key = "sys.role.en_name_taken"


class RoleNameTaken(AlreadyExists):
    message_key = "sys.role.name_taken"


class AdminRoleUndeletable(FailedPrecondition):
    message_key = "sys.role.delete_admin"
