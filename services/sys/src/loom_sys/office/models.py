from __future__ import annotations

from sqlmodel import Field

from loom_sys.common import TreeRecord

COMPANY = "1"
DEPARTMENT = "2"


class Office(TreeRecord, table=True):
    """A company ('1') or department ('2') in the one organisation tree."""

    __tablename__ = "sys_office"

    code: str | None = Field(default=None, max_length=100)
    type: str = Field(default=COMPANY, max_length=1)
    grade: str | None = Field(default=None, max_length=1)
    useable: str = Field(default="1", max_length=1)
    address: str | None = Field(default=None, max_length=255)
    master: str | None = Field(default=None, max_length=100)
    phone: str | None = Field(default=None, max_length=200)
    email: str | None = Field(default=None, max_length=200)
    # the department's manager and deputy (users); workflow's "department manager" reviewer rules
    primary_person_id: str | None = Field(default=None, max_length=64)
    deputy_person_id: str | None = Field(default=None, max_length=64)
