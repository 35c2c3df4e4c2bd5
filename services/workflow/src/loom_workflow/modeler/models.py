from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, Text
from sqlmodel import Field, SQLModel

from loom_platform.wire import new_id, now


class ProcessModel(SQLModel, table=True):
    """A model the designer edits; deploying it creates the next definition version of its key."""

    __tablename__ = "act_re_model"

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    rev: int = Field(default=1)
    key: str = Field(max_length=255, index=True)
    name: str = Field(max_length=255)
    description: str | None = Field(default=None, sa_column=Column(Text))
    category: str | None = Field(default=None, max_length=255)
    model_type: int = Field(default=0)
    version: int = Field(default=1)
    comment: str | None = Field(default=None, sa_column=Column(Text))
    bpmn_xml: str | None = Field(default=None, sa_column=Column(Text))
    created: datetime = Field(default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False))
    created_by: str | None = Field(default=None, max_length=64)
    last_updated: datetime = Field(
        default_factory=now, sa_column=Column(DateTime(timezone=True), nullable=False)
    )
    last_updated_by: str | None = Field(default=None, max_length=64)
    deployment_id: str | None = Field(default=None, max_length=64)
