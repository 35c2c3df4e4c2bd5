export interface Post extends Record<string, unknown> {
  id: string;
  name: string;
  code: string;
  type?: string;
  status?: string;
  sort?: number;
  remarks?: string;
}
