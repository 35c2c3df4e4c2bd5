from __future__ import annotations

from pydantic import Field

from loom_platform.wire import WireModel


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
