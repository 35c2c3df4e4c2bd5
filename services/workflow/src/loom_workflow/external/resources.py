"""Workers' credentials as a resource of the platform's one CRUD: ``/external-task/worker/{list,
queryById,save,delete}``; the token is issued by ``/external-task/worker/token`` (router.py)."""

from __future__ import annotations

from loom_platform.crud import Access, Resource, saving
from loom_platform.i18n import translate
from loom_workflow.external import workers
from loom_workflow.external.errors import WorkerNotFound
from loom_workflow.external.models import ExternalWorker
from loom_workflow.external.schemas import WorkerPublic, WorkerSave

VIEW = ("flowable:externalTask:view",)
EDIT = ("flowable:externalTask:add", "flowable:externalTask:edit")

WORKER = Resource(
    name="external_worker",
    model=ExternalWorker,
    wire=WorkerSave,
    answer=WorkerPublic,
    like={"name": "name", "topics": "topics"},
    sortable={"name": "name", "create_date": "create_date"},
    order=("name",),
    access=Access(list=VIEW, read=VIEW, save=EDIT, delete=("flowable:externalTask:del",)),
    missing=lambda _worker_id: WorkerNotFound(),
    render=workers.render,
    save=saving(workers.save),
    remove=workers.delete_many,
    saved=lambda name: translate("workflow.external.worker_saved", name=name),
    deleted=lambda: translate("workflow.external.worker_deleted"),
)
