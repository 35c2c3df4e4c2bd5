"""Models from BPMN files: the Flowable modeler's import (``import-process-model``) and export
(``bpmn20``). The file's first executable process names the model (its id the key, its name)."""

from __future__ import annotations

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.errors import AlreadyExists
from loom_platform.i18n import EN, ZH, register
from loom_workflow.engine.errors import BpmnParseError
from loom_workflow.engine.model.xml import bpmn_children, parse_xml
from loom_workflow.modeler import service
from loom_workflow.modeler.errors import InvalidModel
from loom_workflow.modeler.models import ProcessModel
from loom_workflow.modeler.schemas import ModelCreate

register(
    {
        "workflow.model.key_taken": {
            ZH: "流程标识'{key}'已被模型'{name}'使用，请修改文件中的流程id后再导入",
            EN: "Key '{key}' is already used by model '{name}'; change the process id in the file and import again",
        },
        "workflow.model.file_not_text": {
            ZH: "文件不是UTF-8编码的BPMN XML",
            EN: "The file is not BPMN XML in UTF-8",
        },
    }
)


class ModelKeyTaken(AlreadyExists):
    message_key = "workflow.model.key_taken"


def process_of(xml: str) -> tuple[str, str]:
    """``(key, name)`` of the file's first process (its executable one when it has several)."""
    try:
        root = parse_xml(xml)
    except BpmnParseError as exc:
        raise InvalidModel(detail=exc.message) from exc
    processes = bpmn_children(root, "process")
    if not processes:
        raise InvalidModel("workflow.model.no_process")
    chosen = next((p for p in processes if (p.get("isExecutable") or "").lower() == "true"), processes[0])
    key = (chosen.get("id") or "").strip()
    return key, (chosen.get("name") or key).strip()


def text_of(content: bytes) -> str:
    """The uploaded file as text (a BOM dropped); InvalidModel when it is not UTF-8."""
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidModel("workflow.model.file_not_text") from exc


async def import_xml(session: AsyncSession, xml: str, *, actor: str) -> ProcessModel:
    """A new model holding the file's XML, keyed and named by its process; its key must be free."""
    key, name = process_of(xml)
    if not key:
        raise InvalidModel("workflow.model.key_required")
    taken = (await session.exec(select(ProcessModel).where(col(ProcessModel.key) == key))).first()
    if taken is not None:
        raise ModelKeyTaken(key=key, name=taken.name)
    model = await service.create(session, ModelCreate(key=key, name=name or key), actor=actor)
    model.bpmn_xml = xml
    session.add(model)
    await session.flush()
    return model
