import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { flowableDescriptor } from '../moddle/flowable';
import { prepareForImport, restoreAfterExport } from '../moddle/namespaces';
import { BpmnPropertiesPanelModule, BpmnPropertiesProviderModule } from 'bpmn-js-properties-panel';
import '@bpmn-io/properties-panel/dist/assets/properties-panel.css';
import { flowablePropertiesModule } from '../panel/generic';
import { paletteModule } from './palette';
import { translateModule } from './translate';
import { zoomBoundsModule } from './zoomBounds';
import { is, type Bo } from '../model/access';

/** A bpmn-js (diagram-js) DI module: `__init__`, `__depends__`, services as `[kind, value]`. */
export type DiModule = Record<string, unknown>;

/**
 * The designer's own DI modules, in order. The designer features (`designer/features/`: live
 * checks, token simulation…) add theirs as `additionalModules`.
 */
const modules: DiModule[] = [translateModule, zoomBoundsModule, paletteModule, BpmnPropertiesPanelModule, BpmnPropertiesProviderModule, flowablePropertiesModule];

export interface CreateModelerOptions {
  container: HTMLElement;
  /** Modules after the designer's own (those of the designer features). */
  additionalModules?: DiModule[];
  /** Extra moddle packages (e.g. a linter's). */
  moddleExtensions?: Record<string, unknown>;
}

/** A bpmn-js Modeler with our Flowable descriptor, zh-CN/en-US texts and the §2.1 palette. */
export function createModeler(opts: CreateModelerOptions): Modeler {
  return new Modeler({
    container: opts.container,
    additionalModules: [...modules, ...(opts.additionalModules ?? [])],
    moddleExtensions: { flowable: flowableDescriptor, ...(opts.moddleExtensions ?? {}) },
  });
}

/** Imports a file: `activiti:` read as `flowable:`, unknown flowable elements kept. */
export async function importXml(modeler: Modeler, xml: string): Promise<string[]> {
  const { warnings } = await modeler.importXML(prepareForImport(xml));
  return warnings.map((w) => String((w as { message?: string }).message ?? w));
}

/**
 * The diagram as BPMN XML, with every flowable: element it was opened with. `asPublished` gives
 * the XML publishing would deploy (the process executable, seed §4.2) without changing the
 * diagram: a dry run runs what would be published.
 */
export async function exportXml(modeler: Modeler, opts: { asPublished?: boolean } = {}): Promise<string> {
  const root = modeler.get<{ getRootElement: () => { businessObject: Bo } }>('canvas').getRootElement().businessObject;
  const proc: Bo | undefined = is(root, 'bpmn:Collaboration') ? (root.get('participants') as Bo[]).find((p) => p.get('processRef'))?.get('processRef') : root;
  // (a process without the attribute is executable already)
  const flip = !!opts.asPublished && !!proc && proc.get('isExecutable') === false;
  if (flip) proc!.set('isExecutable', true);
  try {
    const { xml } = await modeler.saveXML({ format: true });
    return restoreAfterExport(xml ?? '');
  } finally {
    if (flip) proc!.set('isExecutable', false);
  }
}

export { Modeler };
