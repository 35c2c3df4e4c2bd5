import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ListPage } from '../src/components/ListPage';
import { PageActiveProvider } from '../src/core/activation';
import { toXlsx } from '../src/components/exporting';
import { renderUi } from './helpers';

type Row = { id: string; name: string } & Record<string, unknown>;

describe('page activation', () => {
  it('a list reloads when its page is activated again, not while inactive', async () => {
    const fetcher = vi.fn(async () => ({ records: [{ id: '1', name: '甲' }] as Row[], total: 1 }));
    const ui = (active: boolean) => (
      <PageActiveProvider active={active}>
        <ListPage<Row> fetch={fetcher} columns={[{ title: '名称', dataIndex: 'name' }]} />
      </PageActiveProvider>
    );
    const r = renderUi(ui(true));
    await screen.findByText('甲');
    expect(fetcher).toHaveBeenCalledTimes(1);
    r.rerender(ui(false));
    r.rerender(ui(false));
    expect(fetcher).toHaveBeenCalledTimes(1);
    r.rerender(ui(true));
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
  });
});

describe('xlsx export', () => {
  it('writes a workbook that reads back with the same cells', async () => {
    const blob = await toXlsx(
      [
        { title: '登录名', value: (r: Row) => r.id },
        { title: '姓名', value: (r: Row) => r.name },
      ],
      [
        { id: 'a', name: '张三' },
        { id: 'b', name: '李四' },
      ],
      'users',
    );
    expect(blob.type).toContain('spreadsheetml');
    const XLSX = await import('xlsx');
    const buf = await new Promise<ArrayBuffer>((resolve, reject) => {
      const fr = new FileReader();
      fr.onload = () => resolve(fr.result as ArrayBuffer);
      fr.onerror = () => reject(fr.error);
      fr.readAsArrayBuffer(blob);
    });
    const wb = XLSX.read(new Uint8Array(buf), { type: 'array' });
    const sheet = wb.Sheets[wb.SheetNames[0] ?? ''];
    expect(sheet).toBeDefined();
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet as never, { header: 1 });
    expect(rows).toEqual([
      ['登录名', '姓名'],
      ['a', '张三'],
      ['b', '李四'],
    ]);
  });
});
