import { http } from '@loom/ui';
import { definitionVersions } from '../../api/definitions';
import type { components } from '../../api/schema.gen';
import type { DefinitionPublic } from '../../api/types';

export type ProcessAnalytics = components['schemas']['ProcessAnalytics'];
export type NodeFigures = components['schemas']['NodeFigures'];

export type DefinitionVersion = DefinitionPublic;

export interface AnalyticsFilter {
  procDefId: string;
  beginDate?: string;
  endDate?: string;
  officeId?: string;
  startUserId?: string;
}

/** 流程分析's calls: every deployed version, and one version's figures. */
export const analyticsApi = {
  versions: (): Promise<DefinitionVersion[]> => definitionVersions(),
  process: (filter: AnalyticsFilter) =>
    http.get<ProcessAnalytics>('/flowable/analytics/process', filter as unknown as Record<string, string>),
};
