"""Errors every gencode domain raises: required fields, lengths, sort numbers (texts in
``loom_gencode/messages.toml``). Each domain's own errors are in its ``errors.py``."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument


class TooLong(InvalidArgument):  # type: ignore[misc]
    """Raised as ``TooLong(field=..., max=...)``."""

    message_key = "gencode.too_long"


class SortRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.sort_required"


class SortRange(InvalidArgument):  # type: ignore[misc]
    """Raised as ``SortRange(min=...)``: sort is an integer from ``min`` to 99999."""

    message_key = "gencode.sort_range"


class NameRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.name_required"


class LabelRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.label_required"


class ValueRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.value_required"


class PathOutside(InvalidArgument):
    """Raised as ``PathOutside(path=...)``: a path that leaves the generation workspace."""

    message_key = "gencode.gen.path_outside"


class PackageNameInvalid(InvalidArgument):
    """Raised as ``PackageNameInvalid(value=...)``: a scheme's or the code parameters' package that is
    not a dotted Python name (it becomes the generated modules' import path)."""

    message_key = "gencode.gen.package_invalid"
