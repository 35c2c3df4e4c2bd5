import type Modeler from 'bpmn-js/lib/Modeler';
import type { DiagramElement } from '../model/access';

/** What every section of the product panel gets; here so the sections need not import the panel that lists them. */
export interface SectionProps {
  modeler: Modeler;
  element: DiagramElement;
  /** Bumped on every diagram change, so sections re-read the element. */
  version: number;
}
