"""Every route of every service and who may call it (docs/rights.md). The matrix test walks each
service's OpenAPI document: a route missing here, or listed here but gone, fails the test.

- PUBLIC: the login page's calls, answered without a token.
- USER: any signed-in user; the answer is the caller's own data, or filtered by the rule of
  docs/rights.md (a process's data to those involved, a file by id to its uploader, the menu tree
  and a role's grants to their administrators, ...).
- PERMISSION: a user without the route's permission is refused with 403.
- FORM: the permission belongs to the record the call names: `form:<code>:<action>` of the online
  form `formId` (its created menu's buttons). A user without it is refused with 403 for a real
  form (test_rights_matrix.py); a form that does not exist is a 404 for everyone.

Picker routes are USER on purpose, each for the screens every user has (docs/rights.md,
"Reference data for pickers"): whoever fills in a form or handles a task picks offices, areas,
posts, roles and users (transfer, delegate, add a signer, copy; form widgets of those kinds and
selects whose options load from these URLs), and every screen shows dictionary labels. What they
answer is reference data (names, codes, the tree); the sensitive parts — a role's grants, a user's
contact data and roles, the menu tree's permission strings — are filtered by permission.
"""

from __future__ import annotations

PUBLIC, USER, PERMISSION, FORM = "public", "user", "permission", "form"

MATRIX: dict[str, str] = {
    # --- sys ---
    "DELETE /sys/dataRule/delete": PERMISSION,
    "GET /sys/dataRule/list": PERMISSION,
    "GET /sys/dataRule/queryById": PERMISSION,
    "POST /sys/dataRule/save": PERMISSION,
    "GET /sys/dataRule/treeData": PERMISSION,
    "DELETE /sys/area/delete": PERMISSION,
    "GET /sys/area/queryById": USER,  # picker: area widgets of forms name their value
    "POST /sys/area/save": PERMISSION,
    "GET /sys/area/treeData": USER,  # picker: area widgets of forms
    "DELETE /sys/dict/delete": PERMISSION,
    "DELETE /sys/dict/deleteDictValue": PERMISSION,
    "GET /sys/dict/getDictMap": USER,  # every screen shows dictionary labels
    "GET /sys/dict/getDictValue": PERMISSION,
    "GET /sys/dict/queryById": PERMISSION,
    "GET /sys/dict/queryDictValue": PERMISSION,
    "POST /sys/dict/save": PERMISSION,
    "POST /sys/dict/saveDictValue": PERMISSION,
    "GET /sys/dict/type/list": PERMISSION,
    "POST /sys/file/copy": PERMISSION,
    "POST /sys/file/createFolder": PERMISSION,
    "GET /sys/file/download": PERMISSION,  # inside the caller's own root (or the shared one)
    "GET /sys/file/list": PERMISSION,
    "POST /sys/file/move": PERMISSION,
    "POST /sys/file/remove": PERMISSION,
    "POST /sys/file/rename": PERMISSION,
    "POST /sys/file/upload": PERMISSION,
    "DELETE /sys/file/webupload/deleteByUrl": USER,  # the uploader's own file only
    "GET /sys/file/download2": USER,  # or a one-time ticket instead of a token (docs/rights.md)
    "POST /sys/file/downloadTicket": USER,  # only for a file the caller may read
    "GET /sys/file/getUrl": USER,
    "POST /sys/file/webupload/upload": USER,
    "POST /sys/login": PUBLIC,
    "GET /sys/logout": USER,
    "GET /sys/log/data/mine": USER,  # the caller's own log rows
    "DELETE /sys/log/delete": PERMISSION,
    "DELETE /sys/log/empty": PERMISSION,
    "GET /sys/log/list": PERMISSION,
    "GET /sys/menu/authTreeData": PERMISSION,
    "DELETE /sys/menu/delete": PERMISSION,
    "GET /sys/menu/queryById": PERMISSION,
    "POST /sys/menu/save": PERMISSION,
    "GET /sys/menu/treeData": USER,
    "DELETE /sys/office/delete": PERMISSION,
    "GET /sys/office/queryById": USER,  # picker: office widgets and user pickers name their value
    "POST /sys/office/save": PERMISSION,
    "GET /sys/office/treeData": USER,  # picker: the user picker's tree, office widgets of forms
    "DELETE /sys/post/delete": PERMISSION,
    "GET /sys/post/list": USER,  # picker: post pickers and selects loading from it (names, codes)
    "GET /sys/post/queryById": USER,  # picker: names a chosen post
    "POST /sys/post/save": PERMISSION,
    "GET /sys/plugin/list": USER,  # the installed areas and their versions
    "GET /sys/refreshToken": PUBLIC,
    "PUT /sys/role/addUserToRole": PERMISSION,
    "GET /sys/role/assign": PERMISSION,
    "DELETE /sys/role/delete": PERMISSION,
    "GET /sys/role/list": USER,  # picker: roles by name (no grants in a list)
    "GET /sys/role/queryById": USER,  # picker: the name; menuIdList only for role administrators
    "DELETE /sys/role/removeUserFromRole": PERMISSION,
    "POST /sys/role/save": PERMISSION,
    "GET /sys/role/validateNotExist": USER,  # true/false for a name, as the role form types
    "GET /sys/sysConfig/getConfig": PUBLIC,
    "GET /sys/getCode": PUBLIC,  # the login page's captcha image
    "GET /sys/casLogin": PUBLIC,  # the login page's CAS entry: a clear 400, Loom has no CAS server
    "GET /sys/sysConfig/queryById": PERMISSION,
    "POST /sys/sysConfig/save": PERMISSION,
    "DELETE /sys/user/delete": PERMISSION,
    "GET /sys/user/getMenus": USER,
    "GET /sys/user/info": USER,
    "GET /sys/user/list": USER,  # the user picker: without sys:user:view only who each user is
    "GET /sys/user/queryById": USER,  # a picker names its users: without sys:user:view only who
    "PUT /sys/user/resetPassword": PERMISSION,
    "POST /sys/user/save": PERMISSION,
    "POST /sys/user/savePwd": USER,
    "PUT /sys/user/updateLoginFlag": PERMISSION,
    "GET /sys/user/export": PERMISSION,
    "POST /sys/user/imageUpload": USER,  # the caller's own photo
    "POST /sys/user/import": PERMISSION,
    "GET /sys/user/import/template": PERMISSION,
    "POST /sys/user/saveInfo": USER,  # the caller's own profile
    "GET /sys/user/validateLoginName": PERMISSION,
    # --- gencode ---
    "GET /database/datalink/dataSource/checkEnName": PERMISSION,
    "DELETE /database/datalink/dataSource/delete": PERMISSION,
    "GET /database/datalink/dataSource/list": PERMISSION,
    "GET /database/datalink/dataSource/queryById": PERMISSION,
    "POST /database/datalink/dataSource/save": PERMISSION,
    "POST /database/datalink/dataSource/test": PERMISSION,
    "GET /database/datalink/dataSource/treeData": PERMISSION,
    "DELETE /gencode/codeParam/delete": PERMISSION,
    "GET /gencode/codeParam/list": PERMISSION,
    "GET /gencode/codeParam/queryById": PERMISSION,
    "POST /gencode/codeParam/save": PERMISSION,
    "POST /gencode/customObj/add": PERMISSION,
    "GET /gencode/customObj/all": PERMISSION,
    "DELETE /gencode/customObj/delete": PERMISSION,
    "GET /gencode/customObj/getByValue": PERMISSION,
    "GET /gencode/customObj/list": PERMISSION,
    "GET /gencode/customObj/queryById": PERMISSION,
    "POST /gencode/customObj/save": PERMISSION,
    "DELETE /gencode/dataBaseType/delete": PERMISSION,
    "GET /gencode/dataBaseType/list": PERMISSION,
    "GET /gencode/dataBaseType/queryById": PERMISSION,
    "POST /gencode/dataBaseType/save": PERMISSION,
    "DELETE /gencode/queryType/delete": PERMISSION,
    "GET /gencode/queryType/list": PERMISSION,
    "GET /gencode/queryType/queryById": PERMISSION,
    "POST /gencode/queryType/save": PERMISSION,
    "POST /gencode/scheme/createMenu": PERMISSION,
    "GET /gencode/scheme/getFileTree": PERMISSION,
    "POST /gencode/scheme/save": PERMISSION,
    "DELETE /gencode/showType/delete": PERMISSION,
    "GET /gencode/showType/list": PERMISSION,
    "GET /gencode/showType/queryById": PERMISSION,
    "POST /gencode/showType/save": PERMISSION,
    "DELETE /gencode/table/delete": PERMISSION,
    "DELETE /gencode/table/deleteDb": PERMISSION,
    "POST /gencode/table/downloadCode": PERMISSION,
    "POST /gencode/table/genCode": PERMISSION,
    "GET /gencode/table/getFormUrl": PERMISSION,
    "GET /gencode/table/importTableData": PERMISSION,
    "GET /gencode/table/list": PERMISSION,
    "POST /gencode/table/previewCode": PERMISSION,
    "GET /gencode/table/queryById": PERMISSION,
    "GET /gencode/table/queryConfig": PERMISSION,
    "GET /gencode/table/queryGenCodeForm": PERMISSION,
    "POST /gencode/table/save": PERMISSION,
    "POST /gencode/table/saveTableFromDB": PERMISSION,
    "GET /gencode/table/syncPreview": PERMISSION,
    "POST /gencode/table/synchDb": PERMISSION,
    "PUT /gencode/templateGroup/copy": PERMISSION,
    "DELETE /gencode/templateGroup/delete": PERMISSION,
    "GET /gencode/templateGroup/list": PERMISSION,
    "GET /gencode/templateGroup/queryById": PERMISSION,
    "POST /gencode/templateGroup/save": PERMISSION,
    "DELETE /gencode/validateType/delete": PERMISSION,
    "GET /gencode/validateType/list": PERMISSION,
    "GET /gencode/validateType/queryById": PERMISSION,
    "POST /gencode/validateType/save": PERMISSION,
    "GET /database/table/list": PERMISSION,  # database:table:view
    "GET /database/table/create": PERMISSION,
    "GET /database/table/alter": PERMISSION,
    "POST /database/table/create/do": PERMISSION,  # database:table:add
    "POST /database/table/alter/do": PERMISSION,  # database:table:edit
    "DELETE /database/table/drop": PERMISSION,  # database:table:del
    "GET /database/table/executeSql/{name}": PERMISSION,  # a table's rows: database:table:view
    "POST /database/table/executeSql/{name}": PERMISSION,  # one statement: database:table:executeSql
    "GET /database/table/sqlLog": PERMISSION,  # database:table:executeSql
    "GET /database/datamodel/dataSet/list": PERMISSION,
    "GET /database/datamodel/dataSet/queryById": PERMISSION,
    "POST /database/datamodel/dataSet/save": PERMISSION,
    "DELETE /database/datamodel/dataSet/delete": PERMISSION,
    "GET /database/datamodel/dataSet/delete": PERMISSION,  # the older client deletes with GET
    "GET /database/datamodel/dataSet/getMeta": PERMISSION,
    "POST /database/datamodel/dataSet/getMeta": PERMISSION,
    "GET /database/datamodel/dataSet/exec": PERMISSION,
    "POST /database/datamodel/dataSet/exec": PERMISSION,
    "GET /database/datamodel/dataMeta/queryNeedByDataSetId": PERMISSION,
    "GET /database/datamodel/dataSet/getData/{id}/{format}": PERMISSION,  # or the set's own token
    # --- workflow ---
    # decisions (issue 37): called alone, listed for designers, evaluated per instance
    "POST /dmn-api/dmn-rule/execute": PERMISSION,  # flowable:decision:execute
    "GET /dmn-api/dmn-repository/decisions": PERMISSION,
    "GET /dmn-api/dmn-history/historic-decision-executions": USER,  # an instance's data: those involved
    # external tasks: a worker's own token (a user's token is refused, 403), the administrators' lists
    "POST /external-task/fetchAndLock": PERMISSION,
    "POST /external-task/{task_id}/complete": PERMISSION,
    "POST /external-task/{task_id}/failure": PERMISSION,
    "POST /external-task/{task_id}/bpmnError": PERMISSION,
    "POST /external-task/{task_id}/extendLock": PERMISSION,
    "POST /external-task/{task_id}/unlock": PERMISSION,  # the worker holding it, or flowable:externalTask:edit
    "PUT /external-task/{task_id}/retries": PERMISSION,
    "GET /external-task/list": PERMISSION,
    "GET /external-task/worker/list": PERMISSION,
    "GET /external-task/worker/queryById": PERMISSION,
    "POST /external-task/worker/save": PERMISSION,
    "DELETE /external-task/worker/delete": PERMISSION,
    "POST /external-task/worker/token": PERMISSION,
    "GET /flowable/connector/allowedHosts": PERMISSION,  # the designers' live check
    "GET /flowable/incident/list": PERMISSION,  # flowable:instance:view
    "PUT /flowable/incident/retry": PERMISSION,  # flowable:instance:retry
    "POST /app/rest/models": PERMISSION,
    "GET /app/rest/models/{model_id}/editor/json": PERMISSION,
    "DELETE /extension/actCategory/delete": PERMISSION,
    "GET /extension/actCategory/queryById": PERMISSION,
    "POST /extension/actCategory/save": PERMISSION,
    "GET /extension/actCategory/treeData": USER,
    "DELETE /extension/button/delete": PERMISSION,
    "GET /extension/button/list": PERMISSION,
    "GET /extension/button/queryById": PERMISSION,
    "POST /extension/button/save": PERMISSION,
    "GET /extension/button/validateCodeNoExist": USER,
    "GET /extension/button/validateNameNoExist": USER,
    "DELETE /extension/condition/delete": PERMISSION,
    "GET /extension/condition/list": PERMISSION,  # its own view/edit, or a model designer's
    "GET /extension/condition/queryById": PERMISSION,
    "POST /extension/condition/save": PERMISSION,
    "DELETE /extension/flowCopy/delete": USER,
    "GET /extension/flowCopy/list": USER,
    "PUT /extension/flowCopy/read": USER,
    "POST /extension/flowCopy/save": USER,
    "DELETE /extension/listener/delete": PERMISSION,
    "GET /extension/listener/list": PERMISSION,  # its own view/edit, or a model designer's
    "GET /extension/listener/queryById": PERMISSION,
    "POST /extension/listener/save": PERMISSION,
    "DELETE /extension/nodeSetting/delete": PERMISSION,
    "GET /extension/nodeSetting/list": PERMISSION,
    "GET /extension/nodeSetting/queryById": PERMISSION,
    "GET /extension/nodeSetting/queryValueByKey": PERMISSION,
    "POST /extension/nodeSetting/save": PERMISSION,
    "DELETE /extension/taskDefExtension/delete": PERMISSION,
    "GET /extension/taskDefExtension/list": PERMISSION,
    "GET /extension/taskDefExtension/queryByDefIdAndTaskId": PERMISSION,
    "GET /extension/taskDefExtension/queryById": PERMISSION,
    "POST /extension/taskDefExtension/save": PERMISSION,
    "POST /app/rest/import-process-model": PERMISSION,  # flowable:model:add
    "GET /app/rest/models/{model_id}/bpmn20": PERMISSION,  # model viewers, or a signed URL (window.open)
    "GET /flowable/process/resource/read": USER,  # as the definition list; or a signed URL
    "GET /flowable/resource/signedUrl": USER,  # signs only what the caller may read now
    "GET /flowable/task/trace/photo/{processInstanceId}": USER,  # those who may see it, or a signed URL
    "GET /flowable/model/copy": PERMISSION,
    "DELETE /flowable/model/delete": PERMISSION,
    "PUT /flowable/model/deploy": PERMISSION,
    "POST /flowable/model/dryRun": PERMISSION,
    "GET /flowable/model/tests": PERMISSION,
    "PUT /flowable/model/tests": PERMISSION,
    "POST /flowable/model/tests/run": PERMISSION,
    "GET /flowable/model/getBpmnXml": PERMISSION,
    "GET /flowable/model/list": PERMISSION,
    "POST /flowable/model/saveModel/{model_id}": PERMISSION,
    "PUT /flowable/model/updateCategory": PERMISSION,
    "GET /flowable/analytics/process": PERMISSION,
    "DELETE /flowable/process/delete": PERMISSION,
    "DELETE /flowable/process/deleteProcIns": PERMISSION,
    "GET /flowable/process/exist": USER,
    "GET /flowable/process/getFlowChart": USER,
    "GET /flowable/process/historicVariables": PERMISSION,
    "DELETE /flowable/process/history/deleteAllProcIns": PERMISSION,
    "GET /flowable/process/historyListData": PERMISSION,
    "GET /flowable/process/list": USER,
    "GET /flowable/process/queryProcessStatus": USER,
    "PUT /flowable/process/revokeProcIns": USER,
    "GET /flowable/process/runningData": PERMISSION,
    "PUT /flowable/process/stop": USER,
    "PUT /flowable/process/update/active": PERMISSION,
    "PUT /flowable/process/update/suspend": PERMISSION,
    "GET /flowable/migration/plan": PERMISSION,  # flowable:instance:migrate
    "POST /flowable/migration/dryRun": PERMISSION,
    "POST /flowable/migration/migrate": PERMISSION,
    "GET /flowable/migration/batch": PERMISSION,
    "PUT /flowable/process/instance/active": PERMISSION,
    "PUT /flowable/process/instance/suspend": PERMISSION,
    "GET /flowable/form/getHistoryTaskFormData": USER,  # to those who may see the instance
    "GET /flowable/form/getStartFormData": USER,
    "GET /flowable/form/getTaskFormData": USER,  # to those who may see the instance
    "POST /flowable/form/submitStartFormData": USER,  # the process's starters (candidateStarter*)
    "POST /flowable/form/submitTaskFormData": USER,  # the task's handlers
    "POST /flowable/task/addSignTask": USER,
    "POST /flowable/task/audit": USER,
    "PUT /flowable/task/back": USER,
    "PUT /flowable/task/backNodes": USER,
    "PUT /flowable/task/callback": USER,
    "POST /flowable/task/delSignTask": USER,
    "PUT /flowable/task/delegate": USER,
    "GET /flowable/task/signers": USER,  # the signers of a countersign the caller may see (减签 picks among them)
    "GET /flowable/task/formData": USER,
    "GET /flowable/task/formHistory": USER,
    "GET /flowable/task/getFlowChart": USER,  # an instance to those involved; modelId= to model viewers (403)
    "GET /flowable/task/getTaskDef": USER,
    "GET /flowable/task/getTaskInfo": USER,
    "GET /flowable/task/historic": USER,
    "GET /flowable/task/historicTaskList": USER,
    "GET /flowable/task/myApplyed": USER,
    "GET /flowable/task/overview": USER,
    # the caller's own notices
    "GET /flowable/notice/list": USER,
    "GET /flowable/notice/unread": USER,
    "PUT /flowable/notice/read": USER,
    "GET /flowable/notice/stream": USER,
    # the JeePlus client's header bell: the caller's own notices, and an empty mailbox
    "GET /notify/list": USER,
    "GET /mail/box/list": USER,
    "PUT /flowable/task/rejectAndOver": USER,
    "POST /flowable/task/saveForm": USER,
    "POST /flowable/task/start": USER,
    "GET /flowable/task/todo": USER,
    "PUT /flowable/task/transfer": USER,
    "POST /flowable/task/urge": USER,
    "GET /flowable/task/variables": USER,
    # --- forms ---
    "DELETE /extension/formCategory/delete": PERMISSION,
    "GET /extension/formCategory/queryById": PERMISSION,
    "POST /extension/formCategory/save": PERMISSION,
    "GET /extension/formCategory/treeData": PERMISSION,
    "DELETE /extension/formDefinition/delete": PERMISSION,
    "GET /extension/formDefinition/list": PERMISSION,
    "GET /extension/formDefinition/queryById": PERMISSION,
    "GET /extension/formDefinition/queryByJsonId": PERMISSION,
    "POST /extension/formDefinition/save": PERMISSION,
    "DELETE /extension/formDefinitionJson/delete": PERMISSION,
    "GET /extension/formDefinitionJson/getFormFields": PERMISSION,
    "GET /extension/formDefinitionJson/list": PERMISSION,
    "GET /extension/formDefinitionJson/queryById": PERMISSION,
    "POST /extension/formDefinitionJson/save": PERMISSION,
    "POST /extension/formDefinitionJson/updatePrimary": PERMISSION,
    "PUT /extension/formDefinitionJson/updatePrimary": PERMISSION,
    "DELETE /form/generate/delete": FORM,
    "GET /form/generate/export": FORM,
    "POST /form/generate/export": FORM,  # the client's export button: {formId, params, orderBy}
    "POST /form/generate/import/template": FORM,  # the client's template button: {formId}
    "POST /form/generate/import": FORM,
    "GET /form/generate/importTemplate": FORM,
    "GET /form/generate/getForm": FORM,
    "GET /form/generate/list": FORM,
    "GET /form/generate/queryById": FORM,
    "POST /form/generate/save": FORM,
    "POST /form/make/createMenu": PERMISSION,
    "DELETE /form/make/delete": PERMISSION,
    "GET /form/make/getTableColumnList": PERMISSION,
    "GET /form/make/getTableList": PERMISSION,
    "GET /form/make/list": PERMISSION,
    "GET /form/make/queryById": PERMISSION,
    "POST /form/make/save": PERMISSION,
    "POST /form/make/saveBasicInfo": PERMISSION,
    "POST /form/make/saveFormSource": PERMISSION,
    "GET /form/make/validateKeyNoExist": PERMISSION,
    "GET /form/make/validateTableNoExist": PERMISSION,
    "GET /form/process/data": PERMISSION,
    # --- apps (the app host's own routes; a generated module's routes need its menu's buttons) ---
    "GET /apps/module/list": PERMISSION,
    "GET /apps/module/log": PERMISSION,
    "GET /apps/module/pages": USER,  # the module's own view permission, or 403 (test_apps.py)
    "GET /apps/module/remotes": USER,  # only the live modules the caller may view
    # a live module's built pages (remoteEntry.js and its chunks): code without data, public like the
    # portal's own remotes; the module's API behind them needs its menu's buttons
    "GET /mf/apps/{module}/{entity}/{path}": PUBLIC,
    "DELETE /apps/module/unpublish": PERMISSION,
}
