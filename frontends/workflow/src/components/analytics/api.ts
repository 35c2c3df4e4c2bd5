import { http, type Page } from '@loom/ui';
import type { components } from '../../api/schema.gen';

export type ProcessAnalytics = components['schemas']['ProcessAnalytics'];
export type NodeFigures = components['schemas']['NodeFigures'];

export interface DefinitionVersion {
  id: string;
  key: string;
  name: string;
  version: number;
}

export interface AnalyticsFilter {
  procDefId: string;
  beginDate?: string;
  endDate?: string;
  officeId?: string;
  startUserId?: string;
}

/** 流程分析's calls: every deployed version, and one version's figures. */
export const analyticsApi = {
  versions: async (): Promise<DefinitionVersion[]> =>
    (await http.get<Page<DefinitionVersion>>('/flowable/process/list', { allVersions: '1', current: 1, size: -1 })).records,
  process: (filter: AnalyticsFilter) =>
    http.get<ProcessAnalytics>('/flowable/analytics/process', filter as unknown as Record<string, string>),
};
