"""one menu for both portals: every menu's href becomes the JeePlus client's view of its screen (the
seeded pages, and any menu an administrator pointed at one of them), a form's page made by
createMenu becomes the client's ``/form/GenerateList?id=``, and the home page 首页
(``/sys/dashboard/analysis/index``, where the client lands after login) is added and granted to
every role (the seed keeps it up to date afterwards)

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Loom's former href → the JeePlus client's view (a query string after the path is kept).
HREFS = {
    "/sys/dict/DictList": "/sys/dict/DictTypeList",
    "/sys/icon/IconList": "/gen/icon/IconList",
    "/sys/file/FileManager": "/sys/file/index",
    "/gencode/table/GenTableList": "/gen/GenTableList",
    "/database/table/DataTableList": "/database/datatable/Table",
    "/gencode/validateType/ValidateTypeList": "/gen/GenValidateTypeList",
    "/gencode/showType/ShowTypeList": "/gen/GenShowTypeList",
    "/gencode/queryType/QueryTypeList": "/gen/GenQueryTypeList",
    "/gencode/dataBaseType/DataBaseTypeList": "/gen/GenDataBaseTypeList",
    "/gencode/codeParam/CodeParamForm": "/gen/GenCodeParamList",
    "/gencode/templateGroup/TemplateGroupList": "/gen/template/TemplateList",
    "/flowable/model/ModelList": "/flowable/process/ModelList",
    "/flowable/process/ProcessDefinitionList": "/flowable/process/DefinitionList",
    "/flowable/instance/RunningList": "/flowable/process/RunningList",
    "/flowable/instance/HistoryList": "/flowable/process/HistoryList",
    "/flowable/task/HistoricList": "/flowable/task/HistoryList",
    "/flowable/task/ProcessStart": "/flowable/task/ProcessList",
    "/extension/flowCopy/FlowCopyList": "/flowable/extension/FlowCopyList",
    "/extension/button/ButtonList": "/flowable/extension/ButtonList",
    "/extension/condition/ConditionList": "/flowable/extension/ConditionList",
    "/extension/listener/ListenerList": "/flowable/extension/ListenerList",
    "/extension/actCategory/ActCategoryList": "/flowable/extension/ActCategoryList",
    "/form/make/FormMakeList": "/form/MakeFormList",
    "/extension/formDefinition/FormDefinitionList": "/flowable/form/FormDefinitionList",
}
# A form's page (forms' createMenu): the form's id moves from ``formId`` to the client's ``id``.
FORM_PAGE = ("/form/generate/GenerateFormList?formId=", "/form/GenerateList?id=")
HOME_ID = "m-home"


def _rewrite(old: str, new: str) -> None:
    op.execute(
        sa.text(
            "UPDATE sys_menu SET href = :new || substr(href, length(:old) + 1) "
            "WHERE href = :old OR starts_with(href, :old || '?')"
        ).bindparams(old=old, new=new)
    )


def upgrade() -> None:
    for old, new in HREFS.items():
        _rewrite(old, new)
    old_form, new_form = FORM_PAGE
    op.execute(
        sa.text(
            "UPDATE sys_menu SET href = :new || substr(href, length(:old) + 1) WHERE starts_with(href, :old)"
        ).bindparams(old=old_form, new=new_form)
    )
    op.execute(
        sa.text(
            "INSERT INTO sys_menu (id, parent_id, parent_ids, name, name_en, href, icon, sort, is_show, type, "
            "affix, create_by, create_date, update_date) VALUES (:id, '0', '0,', '首页', 'Home', "
            "'/sys/dashboard/analysis/index', 'home', 10, '1', '1', '1', '1', now(), now()) "
            "ON CONFLICT (id) DO NOTHING"
        ).bindparams(id=HOME_ID)
    )
    op.execute(
        sa.text(
            "INSERT INTO sys_role_menu (role_id, menu_id) SELECT id, :id FROM sys_role ON CONFLICT DO NOTHING"
        ).bindparams(id=HOME_ID)
    )


def downgrade() -> None:
    op.execute(sa.text("DELETE FROM sys_menu WHERE id = :id").bindparams(id=HOME_ID))
    new_form, old_form = FORM_PAGE
    op.execute(
        sa.text(
            "UPDATE sys_menu SET href = :new || substr(href, length(:old) + 1) WHERE starts_with(href, :old)"
        ).bindparams(old=old_form, new=new_form)
    )
    for old, new in HREFS.items():
        _rewrite(new, old)
