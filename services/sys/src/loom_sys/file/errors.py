"""What the file domain refuses, as types (the edges translate them)."""

from loom_platform.errors import InvalidArgument, NotFound, PermissionDenied, Unauthenticated


class FileEmpty(InvalidArgument):
    message_key = "sys.file.empty"


class FileTooLarge(InvalidArgument):
    message_key = "sys.file.too_large"


class ExtensionRefused(InvalidArgument):
    message_key = "sys.file.extension"


class PathInvalid(InvalidArgument):
    message_key = "sys.file.path_invalid"


class TicketInvalid(Unauthenticated):
    message_key = "sys.file.ticket_invalid"


class NameInvalid(InvalidArgument):
    message_key = "sys.file.name_invalid"


class RootForbidden(PermissionDenied):
    message_key = "sys.file.root_forbidden"


class FileNotFound(NotFound):
    message_key = "sys.file.not_found"
