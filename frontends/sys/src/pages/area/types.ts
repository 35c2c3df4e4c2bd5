export interface Area extends Record<string, unknown> {
  id: string;
  parentId?: string;
  name: string;
  code?: string;
  type?: string;
  sort?: number;
  remarks?: string;
  children?: Area[];
}
