"""The store's read statements: locking and loading an instance tree in one round trip, the light
definition read, a node's reviewer rules and settings."""

from __future__ import annotations

from loom_workflow.engine.runtime import entities
from loom_workflow.pgstore import history
from loom_workflow.pgstore.codec import MAPPINGS

# The root execution of the tree containing %(p)s, locked. The tree is read by the next statement of the
# same round trip (its snapshot is taken after the lock is held: one statement could not do both).
LOCK_TREE = """
SELECT r.id FROM act_ru_execution r
WHERE r.id = (SELECT root_proc_inst_id FROM act_ru_execution WHERE id = %(p)s)
FOR UPDATE OF r
"""
ROOT_OF_TASK = (
    "SELECT e.root_proc_inst_id AS id FROM act_ru_task t JOIN act_ru_execution e ON e.id = t.proc_inst_id "
    "WHERE t.id = %(p)s"
)
LOCK_TASK_TREE = LOCK_TREE.replace(
    "(SELECT root_proc_inst_id FROM act_ru_execution WHERE id = %(p)s)", f"({ROOT_OF_TASK})"
)
INSTANCE_HISTORY_KINDS: tuple[type, ...] = (entities.HistoricTaskInstance, entities.HistoricActivityInstance)
DEFINITION_FIELDS = tuple(f for f in MAPPINGS[entities.ProcessDefinition].fields if f != "bpmn_xml")
LIGHT_DEFINITION = "SELECT {} FROM act_re_procdef".format(
    ", ".join("rev" if f == "revision" else f for f in DEFINITION_FIELDS)
)


# What a loaded tree holds, in the order of the JSON array the load statement answers (after the root id
# and the highest activity order).
TREE_KINDS: tuple[type, ...] = (
    entities.Execution,
    entities.ProcessDefinition,
    entities.Task,
    entities.IdentityLink,
    entities.Variable,
    entities.Job,
    entities.HistoricProcessInstance,
    entities.HistoricTaskInstance,
    entities.HistoricActivityInstance,
)


def load_tree_sql(root_sql: str, *, full_history: bool) -> str:
    """One statement reading a whole instance tree as one JSON array: the root id, the highest activity
    order, then the rows of each of :data:`TREE_KINDS` (arrays in ``fields`` order, or null)."""

    def rows(kind: type, where: str) -> str:
        mapping = MAPPINGS[kind]
        return f"(SELECT json_agg({mapping.json_array}) FROM {mapping.table} WHERE {where})"

    in_tree = "proc_inst_id IN (SELECT id FROM ids)"
    history_ids = "(SELECT id FROM act_hi_procinst WHERE root_proc_inst_id = (SELECT id FROM root) OR id = (SELECT id FROM root))"
    light = ", ".join("rev" if f == "revision" else f for f in DEFINITION_FIELDS)
    parts = [
        "(SELECT id FROM root)",
        "(SELECT coalesce(max(transaction_order), 0) FROM act_hi_actinst WHERE proc_inst_id IN (SELECT id FROM ids))",
        # the tree's history records not applied yet, read in the same snapshot as its history rows
        history.pending_records_of_instance_sql(),
        rows(entities.Execution, "root_proc_inst_id = (SELECT id FROM root)"),
        f"(SELECT json_agg(json_build_array({light})) FROM act_re_procdef WHERE id IN "
        "(SELECT proc_def_id FROM act_ru_execution WHERE root_proc_inst_id = (SELECT id FROM root)))",
        *(
            rows(kind, in_tree)
            for kind in (entities.Task, entities.IdentityLink, entities.Variable, entities.Job)
        ),
    ]
    if full_history:
        parts.append(
            rows(
                entities.HistoricProcessInstance,
                "root_proc_inst_id = (SELECT id FROM root) OR id = (SELECT id FROM root)",
            )
        )
        parts += [rows(kind, f"proc_inst_id IN {history_ids}") for kind in INSTANCE_HISTORY_KINDS]
    else:
        parts.append(rows(entities.HistoricProcessInstance, "id IN (SELECT id FROM ids)"))
        parts += [rows(kind, f"{in_tree} AND end_time IS NULL") for kind in INSTANCE_HISTORY_KINDS]
    return (
        f"WITH root AS ({root_sql}), ids AS (SELECT id FROM act_ru_execution "
        "WHERE root_proc_inst_id = (SELECT id FROM root) AND id = proc_inst_id) "
        f"SELECT json_build_array({', '.join(parts)})::text"
    )


ROOT_OF_EXECUTION = "SELECT root_proc_inst_id AS id FROM act_ru_execution WHERE id = %(p)s"
LOAD_SQL = {
    (lock, full): load_tree_sql(root, full_history=full)
    for lock, root in ((LOCK_TREE, ROOT_OF_EXECUTION), (LOCK_TASK_TREE, ROOT_OF_TASK))
    for full in (False, True)
}


# A node's reviewer rules and its settings (the service's own tables, read by the assignment hook)
NODE_RULES = (
    "SELECT a.type, coalesce(a.value, ''), coalesce(a.condition, ''), a.operation_type "
    "FROM wf_flow_assignee a JOIN wf_task_def_extension e ON e.id = a.task_def_id "
    "WHERE e.process_def_id = %s AND e.task_def_id = %s ORDER BY a.sort, a.id"
)
NODE_SETTINGS = (
    "SELECT key, coalesce(value, '') FROM wf_node_setting WHERE process_def_id = %s AND task_def_id = %s"
)
