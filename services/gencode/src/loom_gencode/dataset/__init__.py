"""Data sets (数据模型): named SQL of a data source with typed parameters, served as JSON, XML or HTML."""
