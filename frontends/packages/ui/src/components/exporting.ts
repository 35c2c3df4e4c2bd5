/** Export and print of a list's rows (CSV, XLSX via the bundled `xlsx` library, print). */
import { saveBlob } from '../core/http';

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

// A text starting with one of these is what a spreadsheet would take for a formula (the server's
// XLSX writer, loom_platform/xlsx.py, holds the same list).
const FORMULA_START = /^[=+\-@\t\r]/;

/** A value as a CSV cell a spreadsheet shows and never runs: a text it would take for a formula
 * (`=HYPERLINK(…)`, `+1`, `@SUM`) gets Excel's quote prefix, the OWASP answer; a number stays a number. */
export function csvCell(v: unknown): string {
  const text = cell(v);
  return typeof v !== 'number' && FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180 CSV with a UTF-8 BOM (so spreadsheet programs read Chinese correctly). */
export function toCsv<T>(columns: ExportColumn<T>[], rows: T[]): string {
  const esc = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [columns.map((c) => esc(csvCell(c.title))).join(',')];
  for (const r of rows) lines.push(columns.map((c) => esc(csvCell(c.value(r)))).join(','));
  return '\uFEFF' + lines.join('\r\n');
}

export function exportCsv<T>(filename: string, columns: ExportColumn<T>[], rows: T[]): void {
  saveBlob(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), `${filename}.csv`);
}

/** Builds an .xlsx workbook; the library is loaded on first use. Every value is a text cell (type
 * `s`), never a formula, whatever it starts with. */
export async function toXlsx<T>(columns: ExportColumn<T>[], rows: T[], sheetName = 'Sheet1'): Promise<Blob> {
  const XLSX = await import('xlsx');
  const aoa: string[][] = [columns.map((c) => c.title), ...rows.map((r) => columns.map((c) => cell(c.value(r))))];
  const ws = XLSX.utils.aoa_to_sheet(aoa);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheetName.slice(0, 31));
  const out = XLSX.write(wb, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
  return new Blob([out], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export async function exportXlsx<T>(filename: string, columns: ExportColumn<T>[], rows: T[]): Promise<void> {
  saveBlob(await toXlsx(columns, rows, filename), `${filename}.xlsx`);
}

function escHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

export function toPrintHtml<T>(title: string, columns: ExportColumn<T>[], rows: T[]): string {
  const head = columns.map((c) => `<th>${escHtml(c.title)}</th>`).join('');
  const body = rows.map((r) => `<tr>${columns.map((c) => `<td>${escHtml(cell(c.value(r)))}</td>`).join('')}</tr>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escHtml(title)}</title><style>
body{font-family:sans-serif;font-size:12px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px 6px;text-align:left}th{background:#f0f0f0}
</style></head><body><h3>${escHtml(title)}</h3><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></body></html>`;
}

/** Prints the rows through a hidden iframe. */
export function printRows<T>(title: string, columns: ExportColumn<T>[], rows: T[]): void {
  const iframe = document.createElement('iframe');
  iframe.style.position = 'fixed';
  iframe.style.width = '0';
  iframe.style.height = '0';
  iframe.style.border = '0';
  iframe.setAttribute('data-loom-print', '1');
  document.body.appendChild(iframe);
  const doc = iframe.contentDocument;
  if (!doc || !iframe.contentWindow) {
    iframe.remove();
    return;
  }
  doc.open();
  doc.write(toPrintHtml(title, columns, rows));
  doc.close();
  const win = iframe.contentWindow;
  setTimeout(() => {
    try {
      win.focus();
      win.print();
    } finally {
      setTimeout(() => iframe.remove(), 1000);
    }
  }, 50);
}
