"""sys's message catalogue: zh-CN (default) and en-US."""

from loom_platform.i18n import EN, ZH, register

register(
    {
        "sys.saved": {ZH: "保存{what}'{name}'成功", EN: "Saved {what} '{name}'"},
        "sys.deleted": {ZH: "删除{what}成功", EN: "Deleted {what}"},
        "sys.login.bad_credentials": {ZH: "用户名或密码错误", EN: "Wrong user name or password"},
        "sys.login.required": {ZH: "用户名和密码不能为空", EN: "User name and password are required"},
        "sys.login.captcha_wrong": {ZH: "验证码错误", EN: "The verification code is wrong"},
        "sys.login.cas_not_configured": {
            ZH: "未配置CAS单点登录，请使用用户名和密码登录",
            EN: "CAS single sign-on is not configured: sign in with your user name and password",
        },
        "sys.login.locked": {
            ZH: "账号已被锁定，请{minutes}分钟后再试",
            EN: "The account is locked; try again in {minutes} minutes",
        },
        "sys.login.disabled": {ZH: "该用户已被禁止登录", EN: "This user may not log in"},
        "sys.logout.done": {ZH: "退出成功", EN: "Logged out"},
        "sys.refresh.invalid": {
            ZH: "登录已过期，请重新登录",
            EN: "Your login has expired, please log in again",
        },
        "sys.password.old_wrong": {ZH: "修改密码失败，旧密码错误", EN: "Old password is wrong"},
        "sys.password.too_short": {
            ZH: "密码长度不能少于{min}位",
            EN: "The password must have at least {min} characters",
        },
        "sys.password.changed": {ZH: "修改密码成功", EN: "Password changed"},
        "sys.password.reset": {ZH: "重置密码成功", EN: "Password reset"},
        "sys.user.login_name_taken": {
            ZH: "保存用户'{name}'失败，登录名已存在",
            EN: "Cannot save user '{name}': the login name is taken",
        },
        "sys.user.password_required": {ZH: "新建用户时密码不能为空", EN: "A new user needs a password"},
        "sys.user.delete_self": {ZH: "删除用户失败, 不允许删除当前用户", EN: "You cannot delete yourself"},
        "sys.user.delete_admin": {
            ZH: "删除用户失败, 不允许删除超级管理员用户",
            EN: "The administrator cannot be deleted",
        },
        "sys.user.disable_self": {ZH: "不允许禁用当前用户", EN: "You cannot disable yourself"},
        "sys.user.login_flag_set": {ZH: "{action}用户成功", EN: "{action} user(s)"},
        "sys.user.enable": {ZH: "启用", EN: "Enabled"},
        "sys.user.disable": {ZH: "禁用", EN: "Disabled"},
        "sys.user.login_flag_invalid": {ZH: "登录状态只能是0或1", EN: "The login flag must be 0 or 1"},
        "sys.office.parent_missing": {ZH: "上级机构不存在", EN: "The parent office does not exist"},
        "sys.office.has_children": {
            ZH: "删除机构'{name}'失败，请先删除下级机构",
            EN: "Delete the children of '{name}' first",
        },
        "sys.office.has_users": {
            ZH: "删除机构'{name}'失败，该机构下还有用户",
            EN: "Office '{name}' still has users",
        },
        "sys.office.person_missing": {
            ZH: "{role}不存在或已被删除",
            EN: "The {role} is not an existing user",
        },
        "sys.office.primary_person": {ZH: "主负责人", EN: "manager"},
        "sys.office.deputy_person": {ZH: "副负责人", EN: "deputy manager"},
        "sys.office.type_invalid": {
            ZH: "机构类型只能是1（公司）或2（部门）",
            EN: "Office type must be 1 or 2",
        },
        "sys.tree.own_descendant": {
            ZH: "不能将上级设置为自己或自己的下级",
            EN: "A node cannot be moved under itself or its descendants",
        },
        "sys.role.en_name_taken": {
            ZH: "保存角色'{name}'失败, 英文名已存在",
            EN: "Cannot save role '{name}': the English name is taken",
        },
        "sys.role.name_taken": {
            ZH: "保存角色'{name}'失败, 角色名已存在",
            EN: "Cannot save role '{name}': the name is taken",
        },
        "sys.role.members_added": {ZH: "已成功分配 {count} 个用户", EN: "Assigned {count} user(s)"},
        "sys.role.member_removed": {ZH: "用户从角色中移除成功", EN: "User removed from the role"},
        "sys.role.delete_admin": {
            ZH: "系统管理员角色不能删除",
            EN: "The administrator role cannot be deleted",
        },
        "sys.post.code_taken": {
            ZH: "保存岗位'{name}'失败, 岗位编码已存在",
            EN: "Cannot save post '{name}': the code is taken",
        },
        "sys.menu.type_invalid": {
            ZH: "菜单类型只能是0（目录）、1（菜单）或2（按钮）",
            EN: "Menu type must be 0, 1 or 2",
        },
        "sys.menu.has_children": {
            ZH: "删除菜单'{name}'失败，请先删除子菜单",
            EN: "Delete the children of '{name}' first",
        },
        "sys.menu.parent_missing": {ZH: "上级菜单不存在", EN: "The parent menu does not exist"},
        "sys.menu.name_required": {ZH: "菜单名称不能为空", EN: "The menu name is required"},
        "sys.dict.type_taken": {
            ZH: "保存字典'{name}'失败, 类型已存在",
            EN: "Cannot save dictionary '{name}': the type is taken",
        },
        "sys.dict.value_taken": {
            ZH: "保存键值'{name}'失败, 键值已存在",
            EN: "Cannot save value '{name}': it already exists in this dictionary",
        },
        "sys.file.empty": {ZH: "请选择要上传的文件", EN: "Choose a file to upload"},
        "sys.file.too_large": {
            ZH: "文件大小不能超过{limit}MB",
            EN: "The file must not exceed {limit} MB",
        },
        "sys.file.extension": {
            ZH: "不允许上传该类型的文件: {ext}",
            EN: "Files of this type may not be uploaded: {ext}",
        },
        "sys.file.path_invalid": {ZH: "非法的文件路径", EN: "Invalid file path"},
        "sys.file.uploaded": {ZH: "上传成功", EN: "Uploaded"},
        "sys.file.ticket_invalid": {
            ZH: "下载链接已失效，请重新下载",
            EN: "The download link has expired or was already used: download again",
        },
        "sys.what.user": {ZH: "用户", EN: "user"},
        "sys.what.office": {ZH: "机构", EN: "office"},
        "sys.what.role": {ZH: "角色", EN: "role"},
        "sys.what.post": {ZH: "岗位", EN: "post"},
        "sys.what.area": {ZH: "区域", EN: "area"},
        "sys.what.menu": {ZH: "菜单", EN: "menu"},
        "sys.what.dict": {ZH: "字典", EN: "dictionary"},
        "sys.what.dict_value": {ZH: "键值", EN: "value"},
    }
)

# Data rules, logs, settings, the file manager and user import/export (issue 24).
register(
    {
        "sys.datarule.saved": {ZH: "保存数据权限成功!", EN: "Data rule saved"},
        "sys.datarule.deleted": {ZH: "删除数据权限成功", EN: "Data rule deleted"},
        "sys.datarule.menu_missing": {ZH: "所属菜单不存在", EN: "The rule's menu does not exist"},
        "sys.datarule.scope_invalid": {
            ZH: "数据范围'{scope}'无效",
            EN: "Data scope '{scope}' is invalid",
        },
        "sys.datarule.office_missing": {
            ZH: "机构[{id}]不存在或已被删除",
            EN: "Office [{id}] does not exist or was deleted",
        },
        "sys.log.deleted": {ZH: "删除日志成功！", EN: "Logs deleted"},
        "sys.log.emptied": {ZH: "清空日志成功!", EN: "Logs emptied"},
        "sys.log.date_invalid": {ZH: "日期'{value}'格式不正确", EN: "Date '{value}' is not valid"},
        "sys.config.saved": {ZH: "保存配置成功", EN: "Settings saved"},
        "sys.file.deleted": {ZH: "删除文件成功", EN: "File deleted"},
        "sys.file.delete_failed": {ZH: "删除文件失败", EN: "The file could not be deleted"},
        "sys.file.not_found": {ZH: "请求的文件不存在", EN: "The file does not exist"},
        "sys.file.name_invalid": {
            ZH: "文件名'{name}'不合法",
            EN: "File name '{name}' is not allowed",
        },
        "sys.file.illegal": {ZH: "请勿上传非法文件!", EN: "This kind of file may not be uploaded"},
        "sys.file.root_forbidden": {
            ZH: "没有权限访问该目录",
            EN: "You may not use this folder",
        },
        "sys.user.info_saved": {ZH: "修改个人资料成功!", EN: "Profile saved"},
        "sys.user.imported": {
            ZH: "已成功导入 {count} 条用户",
            EN: "Imported {count} users",
        },
        "sys.user.import_row": {
            ZH: "第{row}行，{field}：{reason}",
            EN: "Row {row}, {field}: {reason}",
        },
        "sys.user.import_failed": {
            ZH: "导入用户失败，未导入任何数据。{reason}",
            EN: "The import failed and imported nothing. {reason}",
        },
        "sys.user.import_file_invalid": {
            ZH: "导入文件格式不正确，请使用导入模板(.xlsx)",
            EN: "The file is not a valid .xlsx import template",
        },
        "sys.user.import_required": {ZH: "不能为空", EN: "is required"},
        "sys.user.import_too_long": {ZH: "长度不能超过{max}", EN: "is longer than {max}"},
        "sys.user.import_taken": {ZH: "登录名已存在", EN: "the login name is taken"},
        "sys.user.import_duplicate": {ZH: "登录名在文件中重复", EN: "the login name is repeated in the file"},
        "sys.user.import_office_missing": {
            ZH: "机构'{name}'不存在",
            EN: "office '{name}' does not exist",
        },
        "sys.user.import_flag": {ZH: "只能是0或1", EN: "must be 0 or 1"},
        "sys.user.import_password": {
            ZH: "密码长度不能少于{min}位",
            EN: "must have at least {min} characters",
        },
        "sys.user.import_empty": {ZH: "导入文件中没有数据", EN: "The file holds no rows"},
        "sys.user.photo_saved": {ZH: "上传头像成功", EN: "Photo uploaded"},
    }
)
