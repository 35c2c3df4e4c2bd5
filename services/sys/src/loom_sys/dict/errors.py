from loom_platform.errors import AlreadyExists


class DictTypeTaken(AlreadyExists):
    message_key = "sys.dict.type_taken"


class DictValueTaken(AlreadyExists):
    message_key = "sys.dict.value_taken"
