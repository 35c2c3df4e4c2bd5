export interface DictType extends Record<string, unknown> {
  id: string;
  type: string;
  description?: string;
  remarks?: string;
}

export interface DictValue extends Record<string, unknown> {
  id: string;
  dictTypeId: string;
  label: string;
  value: string;
  sort?: number;
  remarks?: string;
}
