"""Process models (ACT_RE_MODEL): the designer's BPMN XML, saved, copied and deployed."""
