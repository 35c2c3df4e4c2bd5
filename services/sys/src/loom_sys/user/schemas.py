from __future__ import annotations

from datetime import datetime

from pydantic import Field

from loom_platform.wire import Answer, WireModel


class Ref(WireModel):
    id: str | None = None
    name: str | None = None


class UserSave(WireModel):
    id: str | None = None
    login_name: str = Field(min_length=1, max_length=100)
    name: str = Field(min_length=1, max_length=100)
    password: str | None = Field(default=None, max_length=100)
    new_password: str | None = Field(default=None, max_length=100)
    no: str | None = Field(default=None, max_length=100)
    email: str | None = Field(default=None, max_length=200)
    phone: str | None = Field(default=None, max_length=200)
    mobile: str | None = Field(default=None, max_length=200)
    photo: str | None = Field(default=None, max_length=1000)
    login_flag: str = Field(default="1", pattern="^[01]$")
    remarks: str | None = Field(default=None, max_length=255)
    company_dto: Ref | None = Field(default=None, alias="companyDTO")
    office_dto: Ref | None = Field(default=None, alias="officeDTO")
    role_id_list: list[str] | None = None
    post_id_list: list[str] | None = None


class PasswordChange(WireModel):
    old_password: str = Field(min_length=1, max_length=100)
    new_password: str = Field(min_length=1, max_length=100)


class OfficeRef(Answer):
    """A user's company or department: its id and name."""

    id: str
    name: str | None


class UserPicked(Answer):
    """Who a user is, as a picker shows them to someone who does not administer users."""

    id: str
    login_name: str
    name: str
    photo: str | None
    login_flag: str
    company_dto: OfficeRef | None = Field(alias="companyDTO")
    office_dto: OfficeRef | None = Field(alias="officeDTO")


class UserPublic(UserPicked):
    """A user as the user list shows it: its company and department named, its roles' names."""

    no: str | None
    email: str | None
    phone: str | None
    mobile: str | None
    remarks: str | None
    login_ip: str | None
    login_date: datetime | None
    create_date: datetime
    role_names: str | None


class UserDetail(UserPublic):
    """A user as its form reads it: with the ids of its roles and posts."""

    role_id_list: list[str]
    post_id_list: list[str]


class ImportRowError(Answer):
    """A row of an import file that was refused: its row, its column and why."""

    row: int
    field: str
    message: str


class ImportResult(Answer):
    """An import's outcome as el-upload reads it: ``success``, the message (HTML: one line per
    refused row) and the refused rows."""

    success: bool
    msg: str
    errors: list[ImportRowError]


class PhotoSaved(Answer):
    """A new photo of the caller: its URL (also as ``path``, which the profile page reads)."""

    success: bool
    msg: str
    url: str
    path: str
