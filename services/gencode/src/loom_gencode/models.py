"""Every table of the service, imported so ``SQLModel.metadata`` knows them (Alembic): each
domain's ``models`` module, whose classes register themselves when it is imported."""

from loom_gencode.dataset import models as dataset_models
from loom_gencode.datasource import models as datasource_models
from loom_gencode.generate import models as generate_models
from loom_gencode.query import models as query_models
from loom_gencode.reftypes import models as reftypes_models
from loom_gencode.sync import models as sync_models
from loom_gencode.table import models as table_models
from loom_platform import outbox

__all__ = [
    "dataset_models",
    "datasource_models",
    "generate_models",
    "outbox",
    "query_models",
    "reftypes_models",
    "sync_models",
    "table_models",
]
