export interface Role extends Record<string, unknown> {
  id: string;
  name: string;
  enName?: string;
  useable?: string;
  remarks?: string;
  menuIdList?: string[];
  dataScope?: string;
  officeIdList?: string[];
  dataRuleIdList?: string[];
  dataRuleIds?: string;
}

export interface MenuNode {
  id: string;
  name: string;
  type?: string;
  permission?: string;
  children?: MenuNode[];
}
