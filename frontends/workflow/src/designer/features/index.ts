/**
 * The designer's features (see `feature.ts`). A new feature is a folder beside these with an
 * `index.tsx` exporting its `DesignerFeature`, listed here.
 */
import { checks } from './checks';
import { diff } from './diff';
import { dryRun } from './dryrun';
import { resolveFeatures } from './feature';
import { processTests } from './proctest';
import { simulation } from './simulation';

export type { DesignerFeature } from './feature';

export const designerFeatures = resolveFeatures([checks, dryRun, processTests, diff, simulation]);
