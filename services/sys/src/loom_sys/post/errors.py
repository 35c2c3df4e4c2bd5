"""What the post domain refuses, as types (the edges translate them)."""

from loom_platform.errors import AlreadyExists


class PostCodeTaken(AlreadyExists):
    message_key = "sys.post.code_taken"
