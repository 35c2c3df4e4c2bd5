"""Messages of the DataService (registered with the catalogue when the servicer is imported)."""

from loom_platform.i18n import register_file

register_file(__name__)
