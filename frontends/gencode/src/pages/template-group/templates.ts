/** Template files of a group, edited in memory (seed §3-§4). */
import { removeNested } from '@loom/ui';
import type { TemplateGroupPublic, TemplateObjPublic } from '../../api/types';
import DOMPurify from 'dompurify';

/** A template file as the group's answer holds it (`isChild` '0' main table, '1' appendix), a new one
 * with an empty id and a temporary index derived from the current timestamp (never sent). */
export type TemplateObj = TemplateObjPublic & { index?: string };

/** A template group's own fields (the dialog's form). */
export type TemplateGroupFields = Omit<TemplateGroupPublic, 'templateObjDTOList'>;

/** A template group with its files, as its list and queryById answer it. */
export type TemplateGroup = TemplateGroupFields & { templateObjDTOList: TemplateObj[] };

let bump = 0;
/** A temporary index from the current timestamp (unique even within one millisecond). */
export function tempIndex(): string {
  bump = (bump + 1) % 1000;
  return `${Date.now()}${String(bump).padStart(3, '0')}`;
}

/** The tab key of a file: its id, else its temporary index. */
export function fileKey(f: TemplateObj): string {
  return f.id || f.index || '';
}

/** A new file of the main ('0') or appendix ('1') set, with a temporary index. */
export function newFile(isChild: '0' | '1', name: string, sort: number): TemplateObj {
  return { id: '', index: tempIndex(), name, sort, contents: '', isChild, delFlag: '0' };
}

export function visibleFiles(files: TemplateObj[], isChild: '0' | '1'): TemplateObj[] {
  return files.filter((f) => f.delFlag !== '1' && (f.isChild || '0') === isChild);
}

/**
 * Removes the file with `key` and answers the next active key: the next tab of the same set,
 * else the previous one, else '' (seed §4).
 */
export function removeFile(files: TemplateObj[], key: string, active: string): { files: TemplateObj[]; active: string } {
  const target = files.find((f) => fileKey(f) === key);
  if (!target) return { files, active };
  const set = visibleFiles(files, (target.isChild || '0') as '0' | '1');
  const pos = set.findIndex((f) => fileKey(f) === key);
  const next = removeNested(files, target);
  if (active !== key) return { files: next, active };
  const neighbour = set[pos + 1] ?? set[pos - 1];
  return { files: next, active: neighbour ? fileKey(neighbour) : '' };
}

/** A group as the dialog sends it to save: its fields as far as the form has them, its files. */
export type TemplateGroupDraft = Partial<TemplateGroupFields> & { templateObjDTOList: TemplateObj[] };

/** The payload of `POST /gencode/templateGroup/save` (temporary indexes dropped). */
export function toPayload(group: TemplateGroupDraft): TemplateGroupDraft {
  return {
    ...group,
    templateObjDTOList: group.templateObjDTOList.map((f) => {
      const { index: _i, ...rest } = f;
      return rest as TemplateObj;
    }),
  };
}

/** The template group's success message as safe HTML: the seed lets it hold markup, and it comes from stored data, so scripts and event handlers are removed. */
export function safeMessageHtml(msg: unknown): string {
  return DOMPurify.sanitize(String(msg ?? ''));
}
