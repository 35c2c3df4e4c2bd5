/**
 * The Flowable groups of the generic panel (variant A). A properties provider adds its groups
 * to those of bpmn-js-properties-panel's BPMN provider (General, Documentation, …).
 */
import { FlowablePropertiesProvider } from './provider';

export const flowablePropertiesModule = {
  __init__: ['flowablePropertiesProvider'],
  flowablePropertiesProvider: ['type', FlowablePropertiesProvider],
};
