/**
 * The generic panel's data (./kit, ./lists, ./implementation) as bpmn-js-properties-panel
 * components: one entry component for every field, and list groups.
 */
import {
  CheckboxEntry, ListGroup, SelectEntry, TextAreaEntry, TextFieldEntry,
  isCheckboxEntryEdited, isSelectEntryEdited, isTextAreaEntryEdited, isTextFieldEntryEdited,
} from '@bpmn-io/properties-panel';
import { useService } from 'bpmn-js-properties-panel';
import type { DiagramElement } from '../../model/access';
import { execute, type Entry, type Field, type Translate } from './kit';
import type { Deps, ListSpec } from './lists';

function FieldEntry(props: { element: DiagramElement; id: string; field: Field }) {
  const { element, id, field } = props;
  const translate = useService('translate') as Translate;
  const debounce = useService('debounceInput');
  const commandStack = useService('commandStack');
  const label = translate(field.label);
  // the panel's inputs answer an emptied text as undefined; a field decides itself whether '' is kept
  // (an emptied expression stays an expression, showing its 'Must provide a value')
  const setValue = (value: unknown) => execute(commandStack, field.set(value ?? (field.kind === 'checkbox' ? false : '')));
  const validate = field.validate
    ? (value: string) => {
        const problem = field.validate!(value ?? '');
        if (!problem) return undefined;
        if (typeof problem === 'string') return translate(problem);
        // the replacements are words of the table too ('target' → '目标')
        return translate(problem[0], Object.fromEntries(Object.entries(problem[1]).map(([k, v]) => [k, translate(v)])));
      }
    : undefined;
  const getValue = () => field.get() ?? (field.kind === 'checkbox' ? false : '');
  switch (field.kind) {
    case 'checkbox':
      return CheckboxEntry({ element, id, label, getValue, setValue });
    case 'select':
      return SelectEntry({
        element, id, label, getValue, setValue, validate,
        getOptions: () => (field.options ?? []).map((o) => ({ value: o.value, label: translate(o.label) })),
      });
    case 'textarea':
      return TextAreaEntry({ element, id, label, getValue, setValue, validate, debounce, rows: 3 });
    default:
      return TextFieldEntry({ element, id, label, getValue, setValue, validate, debounce });
  }
}

const EDITED = { text: isTextFieldEntryEdited, textarea: isTextAreaEntryEdited, select: isSelectEntryEdited, checkbox: isCheckboxEntryEdited };

/** A group entry as bpmn-js-properties-panel wants it (its translated label is what the search box looks at). */
export function toEntry(e: Entry, translate?: Translate) {
  return { ...e, label: translate ? translate(e.field.label) : e.field.label, component: FieldEntry, isEdited: EDITED[e.field.kind ?? 'text'] };
}

/** A bpmn-js-properties-panel list group from a spec. */
export function listGroup(element: DiagramElement, spec: ListSpec, deps: Deps) {
  return {
    id: spec.id,
    label: deps.translate(spec.label),
    component: ListGroup,
    shouldOpen: false,
    items: spec.items.map((item, i) => {
      const id = `${element.id}-${spec.id}-${i}`;
      return {
        id,
        label: spec.itemLabel(item) || '',
        entries: spec.entries(item, id).map((e) => toEntry(e, deps.translate)),
        autoFocusEntry: `${id}-name`,
        remove: (e: Event) => {
          e.stopPropagation();
          execute(deps.commandStack, spec.remove(item));
        },
      };
    }),
    add: (e: Event) => {
      e.stopPropagation();
      execute(deps.commandStack, spec.add());
    },
  };
}

