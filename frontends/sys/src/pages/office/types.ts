export interface PersonRef {
  id?: string;
  name?: string;
}

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
  /** The manager and deputy (users); `{id}` is enough when saving, an empty id clears one. */
  primaryPerson?: PersonRef | null;
  deputyPerson?: PersonRef | null;
  children?: Office[];
}
