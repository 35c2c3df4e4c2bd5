import { http } from '@loom/ui';
import type { FileItem as FileAnswer, FileNode } from '../../api/types';

/** A node of the file manager's tree (JeePlus FileData: folders carry their content in `data`) and
 * what a change answers, as the OpenAPI declares them. */
export type { FileItem as FileAnswer, FileNode } from '../../api/types';

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  Object.entries(fields).forEach(([k, v]) => body.append(k, v));
  return body;
};

export const fileService = {
  list: () => http.get<FileNode[]>('/sys/file/list'),
  upload: (file: File, target: string) => {
    const body = form({ target });
    body.append('upload', file);
    return http.post<FileAnswer>('/sys/file/upload', body);
  },
  createFolder: (name: string, target: string) => http.post<FileAnswer>('/sys/file/createFolder', form({ source: name, target })),
  rename: (source: string, name: string) => http.post<FileAnswer>('/sys/file/rename', form({ source, target: name })),
  remove: (source: string) => http.post<FileAnswer[]>('/sys/file/remove', form({ source })),
  download: (source: string) => http.download('/sys/file/download', { source }),
};
