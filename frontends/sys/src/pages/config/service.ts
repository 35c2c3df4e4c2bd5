import { http } from '@loom/ui';
import type { SysConfigSave as SysConfig } from '../../api/types';

/** The system settings as the settings page reads and saves them (the OpenAPI's). */
export type { SysConfigSave as SysConfig } from '../../api/types';

export const configService = {
  queryById: () => http.get<SysConfig>('/sys/sysConfig/queryById'),
  save: (c: Partial<SysConfig>) => http.post<string>('/sys/sysConfig/save', c),
};
