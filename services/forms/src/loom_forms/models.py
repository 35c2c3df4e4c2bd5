"""Every table of the service, imported so ``SQLModel.metadata`` knows them (Alembic)."""

from loom_forms.category.models import FormCategory
from loom_forms.data.models import ProcessFormData, ProcessFormSubmission
from loom_forms.definition.models import FormDefinition, FormDefinitionJson
from loom_forms.make.models import FormMake
from loom_platform.outbox import InboxRecord, OutboxRecord

__all__ = [
    "FormCategory",
    "FormDefinition",
    "FormDefinitionJson",
    "FormMake",
    "InboxRecord",
    "OutboxRecord",
    "ProcessFormData",
    "ProcessFormSubmission",
]
