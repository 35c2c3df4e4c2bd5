"""Every table of workflow, registered once so the metadata is complete (Alembic, tests): each
domain's models module is imported whole, so a table added to a domain needs no line here."""

from loom_platform import outbox
from loom_workflow.category import models as category
from loom_workflow.extension import models as extension
from loom_workflow.external import models as external
from loom_workflow.flowcopy import models as flowcopy
from loom_workflow.migration import models as migration
from loom_workflow.modeler import models as modeler
from loom_workflow.notice import models as notice
from loom_workflow.pgstore import tables
from loom_workflow.proctest import models as proctest

__all__ = [
    "category",
    "extension",
    "external",
    "flowcopy",
    "migration",
    "modeler",
    "notice",
    "outbox",
    "proctest",
    "tables",
]
