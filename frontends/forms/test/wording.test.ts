import { describe, expect, it } from 'vitest';
import { i18n } from '@loom/ui';
import { createWidget } from '../src/designer/model';

describe('the form designer speaks the portal’s language', () => {
  it('names new tabs 标签页1, 标签页2 (Tab 1 in English)', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(createWidget('tabs', '标签页').tabs?.map((p) => p.label)).toEqual(['标签页1', '标签页2']);
    await i18n.changeLanguage('en-US');
    expect(createWidget('tabs', 'Tabs').tabs?.map((p) => p.label)).toEqual(['Tab 1', 'Tab 2']);
    await i18n.changeLanguage('zh-CN');
  });

  it('says which version a 流程表单 save made, not just v1', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('def.versionSaved', { ns: 'forms', version: 1 })).toBe('保存成功（第 1 版）');
  });
});
