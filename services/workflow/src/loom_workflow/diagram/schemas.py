"""What the diagram routes answer besides the images themselves."""

from __future__ import annotations

from loom_platform.wire import Answer


class SignedUrl(Answer):
    """A URL signed for a few minutes, and when it expires (epoch seconds)."""

    url: str
    expires: int
