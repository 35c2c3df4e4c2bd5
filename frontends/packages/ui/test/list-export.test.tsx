import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ListPage } from '../src/components/ListPage';
import { csvCell, toCsv } from '../src/components/exporting';
import { fakeFetch, renderUi } from './helpers';

type Row = { id: string; name: string } & Record<string, unknown>;
// eleven rows: page 2 of the list shows only the last
const every: Row[] = Array.from({ length: 11 }, (_, i) => ({ id: String(i + 1), name: `行${i + 1}` }));

/** The list's answer: the page asked for, or every row for size 1000000 ("all"). */
function answer(url: string): [number, unknown] {
  const q = new URL(url, 'http://x').searchParams;
  const size = Number(q.get('size') ?? 10);
  const current = Number(q.get('current') ?? 1);
  return [200, { records: every.slice((current - 1) * size, current * size), total: every.length }];
}

let saved: Blob[] = [];
beforeEach(() => {
  saved = [];
  // what saveBlob hands to the browser: the file's content (the link's click goes nowhere in jsdom)
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push(b), 'blob:x'), revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

function text(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const fr = new FileReader();
    fr.onload = () => resolve(String(fr.result));
    fr.onerror = () => reject(fr.error);
    fr.readAsText(blob);
  });
}

async function savedLines(): Promise<string[]> {
  await waitFor(() => expect(saved).toHaveLength(1));
  return (await text(saved[0]!)).replace('\uFEFF', '').split('\r\n');
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function choose(exportChoice: string) {
  fireEvent.click(document.querySelector('[data-action="export"]')!);
  const item = await waitFor(() => {
    const found = document.querySelector(`[data-export="${exportChoice}"]`);
    expect(found).not.toBeNull();
    return found!;
  });
  fireEvent.click(item);
}

async function secondPage() {
  fireEvent.click(await screen.findByTitle('2'));
  await screen.findByText('行11');
}

describe('the export of a list', () => {
  it('writes every row the search finds, not only the page shown', async () => {
    // given a list of eleven rows on its second page, searched by a fixed filter
    const calls = fakeFetch((c) => answer(c.url));
    renderUi(<ListPage<Row> url="/sys/x/list" params={{ kind: 'a' }} exportName="行" columns={[{ title: '名称', dataIndex: 'name' }]} />);
    await screen.findByText('行1');
    await secondPage();
    // when every row is exported as CSV
    await choose('all-csv');
    // then the file holds the eleven rows, asked for with the search
    expect(await savedLines()).toEqual(['名称', ...every.map((r) => r.name)]);
    expect(calls.some((c) => c.url.includes('size=1000000') && c.url.includes('kind=a'))).toBe(true);
  });

  it('writes only the ticked rows when those are chosen, and offers them only once a row is ticked', async () => {
    // given a list with no row ticked
    fakeFetch((c) => answer(c.url));
    renderUi(<ListPage<Row> url="/sys/x/list" columns={[{ title: '名称', dataIndex: 'name' }]} />);
    await screen.findByText('行1');
    fireEvent.click(document.querySelector('[data-action="export"]')!);
    const item = await waitFor(() => document.querySelector('[data-export="selected-csv"]')!.closest('li')!);
    expect(item).toHaveClass('ant-dropdown-menu-item-disabled');
    fireEvent.click(document.querySelector('[data-action="export"]')!);
    // when two rows are ticked and exported
    const boxes = document.querySelectorAll<HTMLInputElement>('.ant-table-tbody tr[data-row-key] .ant-checkbox-input');
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[3]!);
    fireEvent.click(document.querySelector('[data-action="export"]')!);
    await screen.findByText('所选 2 条');
    fireEvent.click(document.querySelector('[data-export="selected-csv"]')!);
    // then the file holds those two
    expect(await savedLines()).toEqual(['名称', '行2', '行4']);
  });

  it("asks the server's export for the search, the sort and the ticked ids when the list has one", async () => {
    // given a list with a server export, sorted by name descending, a row ticked
    const calls = fakeFetch((c) => (c.url.includes('/export') ? [200, 'xlsx'] : answer(c.url)));
    renderUi(
      <ListPage<Row>
        url="/m/x/list"
        exportUrl="/m/x/export"
        params={{ kind: 'a' }}
        columns={[{ title: '名称', dataIndex: 'name', sorter: true }]}
      />,
    );
    await screen.findByText('行1');
    fireEvent.click(screen.getByText('名称'));
    fireEvent.click(screen.getByText('名称'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('orders%5B0%5D.asc=false'))).toBe(true));
    fireEvent.click(document.querySelectorAll<HTMLInputElement>('.ant-table-tbody tr[data-row-key] .ant-checkbox-input')[0]!);
    // when all, then the ticked row, are exported as XLSX
    await choose('all-xlsx');
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/m/x/export'))).toHaveLength(1));
    await choose('selected-xlsx');
    // then the server is asked for the search in the list's order, then for that row only
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/m/x/export'))).toHaveLength(2));
    const [all, ticked] = calls.filter((c) => c.url.startsWith('/api/m/x/export')).map((c) => decodeURIComponent(c.url));
    expect(all).toContain('kind=a');
    expect(all).toContain('orders[0].column=name&orders[0].asc=false');
    expect(all).not.toContain('ids=');
    expect(ticked).toContain('ids=');
    expect(ticked).toMatch(/ids=\d+(&|$)/);
  });
});

describe('a CSV export', () => {
  it('writes a text a spreadsheet would run as text, with the quote prefix; numbers stay numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('\'=HYPERLINK("http://evil","x")');
    expect(['+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual(["'+1", "'-1", "'@SUM(A1)", "'\tx", "'\rx"]);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('张三')).toBe('张三');
    const csv = toCsv([{ title: '名称', value: (r: { n: string }) => r.n }], [{ n: '=1+1' }]);
    expect(csv).toBe("\uFEFF名称\r\n'=1+1");
  });
});
