export interface Menu extends Record<string, unknown> {
  id: string;
  parentId?: string;
  name: string;
  nameEn?: string | null;
  href?: string;
  target?: string;
  icon?: string;
  sort?: number;
  isShow?: string;
  type?: string;
  permission?: string;
  affix?: string;
  remarks?: string;
  children?: Menu[];
}
