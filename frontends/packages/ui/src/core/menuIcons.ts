import type { ComponentType } from 'react';
import * as bundled from './menuIconSet';

/**
 * Menu icons bundled with the portal (the seeded menus' icons and a few common ones), so the side
 * menu renders without loading the whole icon set. Keys are antd component names.
 */
export const MENU_ICONS: Record<string, ComponentType<{ className?: string }>> = { ...bundled };
