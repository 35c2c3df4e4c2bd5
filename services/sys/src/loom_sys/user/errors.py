"""What the user domain refuses, as types (the edges translate them)."""

from loom_platform.errors import AlreadyExists, FailedPrecondition, InvalidArgument


class LoginNameTaken(AlreadyExists):
    message_key = "sys.user.login_name_taken"


class PasswordRequired(InvalidArgument):
    message_key = "sys.user.password_required"


class CannotDeleteSelf(FailedPrecondition):
    message_key = "sys.user.delete_self"


class CannotDeleteAdmin(FailedPrecondition):
    message_key = "sys.user.delete_admin"


class CannotDisableSelf(FailedPrecondition):
    message_key = "sys.user.disable_self"


class LoginFlagInvalid(InvalidArgument):
    message_key = "sys.user.login_flag_invalid"


class ReviewerTypeUnknown(InvalidArgument):
    """A reviewer rule of a type the directory does not know."""

    message_key = "invalid_argument"


class RoleMissing(InvalidArgument):
    """A user's roles include one that does not exist (``RoleMissing(id=...)``)."""

    message_key = "sys.user.role_missing"


class PostMissing(InvalidArgument):
    """A user's posts include one that does not exist (``PostMissing(id=...)``)."""

    message_key = "sys.user.post_missing"


class PasswordTooShort(InvalidArgument):
    message_key = "sys.password.too_short"


class ImportFileInvalid(InvalidArgument):
    """An uploaded user sheet that is no workbook, or has no login name column."""

    message_key = "sys.user.import_file_invalid"


class ImportEmpty(InvalidArgument):
    message_key = "sys.user.import_empty"
