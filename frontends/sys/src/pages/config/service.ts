import { http } from '@loom/ui';

export interface SysConfig {
  productName: string;
  logo?: string;
  defaultTheme: string;
  defaultLayout: string;
  homeUrl?: string;
  loginCode: string;
  passwordMinLength: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  uploadMaxMb: number;
  uploadExtensions?: string;
}

export const configService = {
  queryById: () => http.get<SysConfig>('/sys/sysConfig/queryById'),
  save: (c: Partial<SysConfig>) => http.post<string>('/sys/sysConfig/save', c),
};
