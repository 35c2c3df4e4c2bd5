import { designerApi, type EditorModel } from './api';
import { collectNodeData } from './extensions';
import { saveWarnings, type SaveWarning } from './warnings';
import type { Bo } from '../model/access';

/** What the save needs from the screen: the diagram, and the two questions it may ask. */
export interface SaveContext {
  /** The model being edited (null for a new diagram). */
  model: EditorModel | null;
  xml: string;
  process: { key: string; name: string; description: string };
  /** The category a new model is created in (asked when 新建 is pressed). */
  category?: string;
  elements: Bo[];
  /** Asks whether to create a new model because a published process id changed (§4.2). */
  confirmNewModel: () => Promise<boolean>;
}

export type SaveResult =
  | { status: 'saved'; model: EditorModel; warnings: SaveWarning[]; message: string }
  | { status: 'cancelled' };

/**
 * Saves the diagram as seed 001 §4.2 says: no model yet → create it, then save its XML; a
 * changed process id whose original is published → confirm, then a new model; otherwise save
 * directly. The node extensions and node settings follow. Warnings are returned for display.
 */
export async function saveDiagram(ctx: SaveContext): Promise<SaveResult> {
  const { key, name, description } = ctx.process;
  let target = ctx.model;
  if (target && target.key && target.key !== key) {
    const published = !!target.procDef?.id || (await designerApi.exists(target.key).catch(() => false));
    if (published) {
      if (!(await ctx.confirmNewModel())) return { status: 'cancelled' };
      target = null;
    }
  }
  if (!target) target = await designerApi.create({ key, name: name || key, description, category: ctx.category || undefined });
  const saved = await designerApi.saveXml(target.id, { json_xml: ctx.xml, name: name || key, key, description, lastUpdated: target.lastUpdated });
  const data = collectNodeData(key, ctx.elements);
  if (data.extensions.length) await designerApi.saveExtensions(data.extensions);
  if (data.settings.length) await designerApi.saveSettings(data.settings);
  return { status: 'saved', model: { ...target, ...saved }, warnings: saveWarnings(ctx.elements), message: '' };
}
