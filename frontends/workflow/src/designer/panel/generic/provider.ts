/**
 * Flowable groups for bpmn-js-properties-panel (variant A): user assignment, forms, async
 * continuations, multi instance collection… each entry a text field bound to a `flowable:`
 * attribute, with the §5.1 messages. Entries are Preact components (the panel renders with Preact).
 */
import { TextFieldEntry, isTextFieldEntryEdited } from '@bpmn-io/properties-panel';
import { useService } from 'bpmn-js-properties-panel';
import { is, type Bo, type DiagramElement } from '../../model/access';

type Group = { id: string; label: string; entries: Array<Record<string, unknown>> };

interface FieldDef {
  attr: string;
  label: string;
  /** Applies to an element (business object). */
  when: (bo: Bo) => boolean;
  /** The object carrying the attribute (default the element's business object). */
  target?: (bo: Bo) => Bo | undefined;
  required?: boolean;
}

const userTask = (bo: Bo) => is(bo, 'bpmn:UserTask');
const startEvent = (bo: Bo) => is(bo, 'bpmn:StartEvent');
const process = (bo: Bo) => is(bo, 'bpmn:Process');
const activityLike = (bo: Bo) => is(bo, 'bpmn:Activity') || is(bo, 'bpmn:Gateway') || is(bo, 'bpmn:Event');
const serviceLike = (bo: Bo) => is(bo, 'bpmn:ServiceTask') || is(bo, 'bpmn:SendTask') || is(bo, 'bpmn:BusinessRuleTask');
const loop = (bo: Bo) => bo.get?.('loopCharacteristics') as Bo | undefined;

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
  { id: 'flowable-initiator', label: 'Details', fields: [{ attr: 'initiator', label: 'Initiator', when: startEvent }] },
  {
    id: 'flowable-implementation',
    label: 'Implementation',
    fields: [
      { attr: 'class', label: 'Java class', when: serviceLike },
      { attr: 'expression', label: 'Expression', when: serviceLike },
      { attr: 'delegateExpression', label: 'Delegate expression', when: serviceLike },
      { attr: 'resultVariable', label: 'Result variable', when: serviceLike },
    ],
  },
  {
    id: 'flowable-multi-instance',
    label: 'Multi Instance',
    fields: [
      { attr: 'collection', label: 'Collection', when: (bo) => !!loop(bo), target: loop },
      { attr: 'elementVariable', label: 'Element variable', when: (bo) => !!loop(bo), target: loop },
    ],
  },
  {
    id: 'flowable-async',
    label: 'Asynchronous Continuations',
    fields: [{ attr: 'jobPriority', label: 'Job priority', when: activityLike }, { attr: 'failedJobRetryTimeCycle', label: 'Retry time cycle', when: activityLike }],
  },
  {
    id: 'flowable-starter',
    label: 'Candidate Starter Configuration',
    fields: [
      { attr: 'candidateStarterUsers', label: 'Candidate starter users', when: process },
      { attr: 'candidateStarterGroups', label: 'Candidate starter groups', when: process },
      { attr: 'versionTag', label: 'Version tag', when: process },
    ],
  },
];

function AttrEntry(props: { element: DiagramElement; id: string; field: FieldDef }) {
  const { element, id, field } = props;
  const modeling = useService('modeling');
  const translate = useService('translate');
  const debounce = useService('debounceInput');
  const target = (field.target ? field.target(element.businessObject) : element.businessObject) as Bo;
  return TextFieldEntry({
    element,
    id,
    label: translate(field.label),
    debounce,
    getValue: () => target.get(`flowable:${field.attr}`) ?? '',
    setValue: (value: string) => modeling.updateModdleProperties(element, target, { [`flowable:${field.attr}`]: value || undefined }),
    validate: (value: string) => (field.required && !value ? translate('Must provide a value') : undefined),
  });
}

/** Adds the Flowable groups after bpmn-js-properties-panel's own (priority below the BPMN provider's). */
export class FlowablePropertiesProvider {
  static $inject = ['propertiesPanel', 'translate'];
  private readonly translate: (s: string) => string;
  constructor(propertiesPanel: { registerProvider: (priority: number, provider: unknown) => void }, translate: (s: string) => string) {
    this.translate = translate;
    propertiesPanel.registerProvider(400, this);
  }

  getGroups(element: DiagramElement) {
    return (groups: Group[]) => {
      const bo = element.businessObject;
      for (const g of GROUPS) {
        const fields = g.fields.filter((f) => f.when(bo));
        if (!fields.length) continue;
        groups.push({
          id: g.id,
          label: this.translate(g.label),
          entries: fields.map((f) => ({
            id: `${g.id}-${f.attr}`,
            element,
            component: (p: { element: DiagramElement; id: string }) => AttrEntry({ ...p, field: f }),
            isEdited: isTextFieldEntryEdited,
          })),
        });
      }
      return groups;
    };
  }
}
