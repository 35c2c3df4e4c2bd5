import { describe, expect, it } from 'vitest';
import { i18n } from '@loom/ui';
import '../src/locales/tasks';
import { reasonText } from '../src/components/task/columns';

describe('历史流程 原因', () => {
  const t = (key: string) => i18n.t(key, { ns: 'tasks' });

  it('reads as the action that ended the instance, with the words given', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(reasonText('revoke', t)).toBe('撤销');
    expect(reasonText('stop:预算冻结', t)).toBe('终止：预算冻结');
    expect(reasonText('reject:材料不全', t)).toBe('驳回：材料不全');
    expect(reasonText('delete:重复提交', t)).toBe('作废：重复提交');
  });

  it('leaves a reason of another kind as it is, and says nothing for none', () => {
    expect(reasonText('ACTIVITI_DELETED', t)).toBe('ACTIVITI_DELETED');
    expect(reasonText(null, t)).toBe('');
  });
});
