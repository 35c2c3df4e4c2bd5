/**
 * The drawer's unsaved cases, per modeler. Publishing is "save and publish": it saves them first,
 * so the cases a designer has just written are the ones that gate the publication.
 */
import type Modeler from 'bpmn-js/lib/Modeler';
import type { ProcessCase } from '../../../api/types';

interface Pending {
  cases: ProcessCase[];
  /** Tells the drawer they are saved. */
  saved: () => void;
}

const unsavedCases = new WeakMap<Modeler, Pending>();

export const pending = {
  set: (modeler: Modeler, value: Pending | null) => (value ? unsavedCases.set(modeler, value) : unsavedCases.delete(modeler)),
  get: (modeler: Modeler): Pending | undefined => unsavedCases.get(modeler),
};
