"""流程分析: where the time of a process goes, read from its finished instances' history."""
