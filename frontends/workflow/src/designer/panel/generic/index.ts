/**
 * The Flowable groups of the generic panel (variant A). A properties provider adds its groups
 * to those of bpmn-js-properties-panel's BPMN provider (General, Documentation, …); the tabs
 * filter (./tabs) comes last and keeps the active tab's groups that match the search box.
 */
import { FlowablePropertiesProvider } from './provider';
import { GenericPanelState, GenericTabsFilter } from './tabs';

export { GenericPanelState, TABS, type TabKey } from './tabs';

export const flowablePropertiesModule = {
  __init__: ['flowablePropertiesProvider', 'genericTabsFilter'],
  flowablePropertiesProvider: ['type', FlowablePropertiesProvider],
  genericPanelState: ['type', GenericPanelState],
  genericTabsFilter: ['type', GenericTabsFilter],
  // input is debounced 300 ms (seed §2.2; the panel's own default is 600)
  'config.debounceInput': ['value', 300],
};
