"""Every table of the service, imported so ``SQLModel.metadata`` knows them (Alembic)."""

from loom_apps.module.models import AppModule, AppModuleVersion
from loom_platform.outbox import InboxRecord, OutboxRecord

__all__ = ["AppModule", "AppModuleVersion", "InboxRecord", "OutboxRecord"]
