import { fireEvent, render, screen } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@loom/ui';
import '../src/locales';
import { CodePreview, openConflicts, type RenderedFile } from '../src/pages/gen-table/components/CodePreview';

const files: RenderedFile[] = [
  { path: 'apps/backend/app/demo/service.py', content: 'x = 1\n', status: 'merged' },
  { path: 'apps/backend/app/demo/schemas.py', content: '<<<<<<< 手工修改 (mine)\na\n=======\nb\n>>>>>>> 重新生成 (generated)\n', status: 'conflict' },
  { path: 'apps/frontend/demo/List.tsx', content: 'export {}\n', status: 'new' },
];

describe('code preview of a regeneration', () => {
  it('says what happens to each file and asks which side a conflicting file keeps', async () => {
    await i18n.changeLanguage('zh-CN');
    const onResolve = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <ConfigProvider>
          <App>
            <CodePreview files={files} onClose={() => undefined} onResolve={onResolve} />
          </App>
        </ConfigProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByText('已合并手工修改')).toBeInTheDocument();
    expect(screen.getByText('新文件')).toBeInTheDocument();
    expect(screen.getByText(/1 个文件的手工修改与重新生成的代码冲突/)).toBeInTheDocument();
    // the conflicting file opens first, with the choice above its content
    fireEvent.click(screen.getByLabelText('保留我的修改'));
    expect(onResolve).toHaveBeenCalledWith('apps/backend/app/demo/schemas.py', 'mine');
  });

  it('counts a conflict as open until a side is chosen', () => {
    expect(openConflicts(files, {}).map((f) => f.path)).toEqual(['apps/backend/app/demo/schemas.py']);
    expect(openConflicts(files, { 'apps/backend/app/demo/schemas.py': 'generated' })).toEqual([]);
  });
});
