/**
 * The attribute groups of the generic panel's General and Forms tabs (seed 001 §2.2 variant A),
 * declared as data: user assignment, form key, Details, Asynchronous Continuations, Job
 * Configuration, External Task, Candidate Starter, History and Tasklist Configuration.
 */
import { is, type Bo, type DiagramElement } from '../../model/access';
import { hasImplementation, implementationOf, timerOf } from './implementation';
import { entry, update, type Entry } from './kit';

interface FieldDef {
  attr: string;
  label: string;
  /** Applies to an element (business object). */
  when: (bo: Bo) => boolean;
  kind?: 'text' | 'checkbox' | 'select';
  options?: Array<{ value: string; label: string }>;
}

const userTask = (bo: Bo) => is(bo, 'bpmn:UserTask');
const startEvent = (bo: Bo) => is(bo, 'bpmn:StartEvent');
const process = (bo: Bo) => is(bo, 'bpmn:Process');
const activityLike = (bo: Bo) => is(bo, 'bpmn:Activity') || is(bo, 'bpmn:Gateway') || is(bo, 'bpmn:Event');
const isAsync = (bo: Bo) => activityLike(bo) && ['async', 'asyncBefore', 'asyncAfter'].some((a) => bo.get(`flowable:${a}`) === true);
/** Job Configuration: the process (or its pool), an asynchronous element or a timer event (seed §2.2). */
const jobConfigurable = (bo: Bo) => process(bo) || isAsync(bo) || (is(bo, 'bpmn:Event') && !!timerOf(bo));
/** External Task Configuration: a service task implemented as an external task, or the process. */
const externalCapable = (bo: Bo) => process(bo) || (hasImplementation(bo) && implementationOf(bo) === 'external');

/** The history levels a process may keep (flowable:historyLevel; empty: the default, audit). */
const HISTORY_LEVELS = [
  { value: '', label: 'Default (audit)' },
  { value: 'none', label: 'None' },
  { value: 'activity', label: 'Activity' },
  { value: 'audit', label: 'Audit' },
  { value: 'full', label: 'Full' },
];

/** The attribute groups of the General and Forms tabs, in the seed's order. */
const GROUPS: Array<{ id: string; label: string; fields: FieldDef[] }> = [
  {
    id: 'flowable-assignment',
    label: 'User assignment',
    fields: [
      { attr: 'assignee', label: 'Assignee', when: userTask },
      { attr: 'candidateUsers', label: 'Candidate users', when: userTask },
      { attr: 'candidateGroups', label: 'Candidate groups', when: userTask },
      { attr: 'dueDate', label: 'Due date', when: userTask },
      { attr: 'priority', label: 'Priority', when: userTask },
    ],
  },
  {
    id: 'flowable-form',
    label: 'Forms',
    fields: [{ attr: 'formKey', label: 'Form key', when: (bo) => userTask(bo) || startEvent(bo) }],
  },
  {
    id: 'flowable-initiator',
    label: 'Details',
    fields: [{ attr: 'initiator', label: 'Initiator', when: startEvent }, { attr: 'versionTag', label: 'Version tag', when: process }],
  },
  {
    id: 'flowable-async',
    label: 'Asynchronous Continuations',
    fields: [
      { attr: 'async', label: 'Asynchronous', kind: 'checkbox', when: activityLike },
      { attr: 'exclusive', label: 'Exclusive', kind: 'checkbox', when: isAsync },
    ],
  },
  {
    id: 'flowable-job',
    label: 'Job Configuration',
    fields: [
      { attr: 'jobPriority', label: 'Job priority', when: jobConfigurable },
      { attr: 'failedJobRetryTimeCycle', label: 'Retry time cycle', when: (bo) => jobConfigurable(bo) && !process(bo) },
    ],
  },
  { id: 'flowable-external', label: 'External Task Configuration', fields: [{ attr: 'taskPriority', label: 'Task priority', when: externalCapable }] },
  {
    id: 'flowable-starter',
    label: 'Candidate Starter Configuration',
    fields: [
      { attr: 'candidateStarterGroups', label: 'Candidate starter groups', when: process },
      { attr: 'candidateStarterUsers', label: 'Candidate starter users', when: process },
    ],
  },
  {
    id: 'flowable-history',
    label: 'History Configuration',
    fields: [
      { attr: 'historyTimeToLive', label: 'Time to live', when: process },
      // Flowable 6.8's levels; none set is the engine's default (audit)
      { attr: 'historyLevel', label: 'History level', kind: 'select', when: process, options: HISTORY_LEVELS },
    ],
  },
  { id: 'flowable-tasklist', label: 'Tasklist Configuration', fields: [{ attr: 'isStartableInTasklist', label: 'Startable', kind: 'checkbox', when: process }] },
];

/** An attribute of the element as a field: an emptied text or an unticked box removes it. */
export function attrEntry(element: DiagramElement, bo: Bo, groupId: string, f: FieldDef): Entry {
  const name = `flowable:${f.attr}`;
  return entry(`${groupId}-${f.attr}`, {
    kind: f.kind ?? 'text',
    label: f.label,
    options: f.options,
    get: () => (f.kind === 'checkbox' ? bo.get(name) === true : f.kind === 'select' ? (bo.get(name) ?? '') : bo.get(name)),
    set: (v: string | boolean) => [update(element, bo, { [name]: v === '' || v === false ? undefined : v })],
  });
}

/** The Flowable attribute groups an element has (exported for the vitest). */
export function attributeGroups(element: DiagramElement, bo: Bo): Array<{ id: string; label: string; entries: Entry[] }> {
  return GROUPS.map((g) => ({ id: g.id, label: g.label, entries: g.fields.filter((f) => f.when(bo)).map((f) => attrEntry(element, bo, g.id, f)) })).filter((g) => g.entries.length);
}

