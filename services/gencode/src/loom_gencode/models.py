"""Every table of the service, imported so ``SQLModel.metadata`` knows them (Alembic)."""

from loom_gencode.dataset.models import DataSet, DataSetColumn, DataSetParam
from loom_gencode.datasource.models import DataSource
from loom_gencode.generate.models import GeneratedFile
from loom_gencode.query.models import SqlRun
from loom_gencode.reftypes.models import (
    CodeParam,
    CustomField,
    CustomObj,
    DataBaseType,
    QueryType,
    ShowType,
    TableFieldType,
    TemplateGroup,
    TemplateObj,
    ValidateType,
)
from loom_gencode.scheme.models import GenScheme
from loom_gencode.sync.models import SyncedTable
from loom_gencode.table.models import GenTable, GenTableColumn
from loom_platform.outbox import InboxRecord, OutboxRecord

__all__ = [
    "CodeParam",
    "CustomField",
    "CustomObj",
    "DataBaseType",
    "DataSet",
    "DataSetColumn",
    "DataSetParam",
    "DataSource",
    "GenScheme",
    "GeneratedFile",
    "GenTable",
    "GenTableColumn",
    "InboxRecord",
    "OutboxRecord",
    "QueryType",
    "ShowType",
    "SqlRun",
    "SyncedTable",
    "TableFieldType",
    "TemplateGroup",
    "TemplateObj",
    "ValidateType",
]
