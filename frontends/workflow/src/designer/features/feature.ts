import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import type Modeler from 'bpmn-js/lib/Modeler';
import type { DiModule } from '../modeler';
import type { EditorModel } from '../save/api';
import type { ToolbarItem } from '../toolbar';

/** A feature's answer before publishing: `false` stops it; `overrideReason` publishes over failing
 * process tests, the reason going to the deploy (which logs it). */
export type PublishAnswer = boolean | { overrideReason: string };

/**
 * A designer feature, shaped as bpmn-js builds its own (`lib/features/<name>/index.js` with
 * `__depends__`): one folder under `designer/features/`, its `index.tsx` exporting this object.
 * The designer takes the features it is given with their dependencies, each once, dependencies
 * first; nothing is mounted by importing a file.
 */
export interface DesignerFeature {
  name: string;
  /** Features this one needs (their APIs, their modules on the modeler): mounted before it. */
  __depends__?: DesignerFeature[];
  /** bpmn-js (diagram-js) DI modules added to the modeler. */
  modules?: DiModule[];
  /** Controls after the designer's own toolbar buttons. */
  toolbar?: ToolbarItem[];
  /** Asked before publishing (with the model as last saved); publishing goes on only when no feature answers false. */
  beforePublish?: (modeler: Modeler, modal: Pick<ModalStaticFunctions, 'confirm'>, model: EditorModel | null) => Promise<PublishAnswer>;
}

/** The features in mounting order: each after its dependencies, each once. */
export function resolveFeatures(features: DesignerFeature[]): DesignerFeature[] {
  const out: DesignerFeature[] = [];
  const visit = (f: DesignerFeature, path: string[]) => {
    if (out.includes(f)) return;
    if (path.includes(f.name)) throw new Error(`designer features depend on each other: ${[...path, f.name].join(' → ')}`);
    for (const d of f.__depends__ ?? []) visit(d, [...path, f.name]);
    out.push(f);
  };
  for (const f of features) visit(f, []);
  return out;
}
