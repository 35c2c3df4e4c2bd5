"""Running SQL a user wrote against a data source: one statement, bound parameters, a statement
timeout and a row cap (``executeSql`` of 数据库管理 and the data sets of 数据模型)."""
