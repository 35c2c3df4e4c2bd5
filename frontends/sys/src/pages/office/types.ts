export interface Office extends Record<string, unknown> {
  id: string;
  parentId?: string;
  parentIds?: string;
  name: string;
  code?: string;
  type?: string;
  grade?: string;
  sort?: number;
  useable?: string;
  remarks?: string;
  children?: Office[];
}
