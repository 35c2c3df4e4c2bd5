"""Signed URLs: a diagram or a BPMN download loaded without the token header, and who may load one."""
