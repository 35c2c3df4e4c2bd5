"""Messages of the task center's own endpoints (copies, form data, the home counts): messages.toml."""

from loom_platform.i18n import register_file

register_file(__name__)
