"""数据库管理: a data source's physical tables — list, create, alter, drop, view and run SQL."""
