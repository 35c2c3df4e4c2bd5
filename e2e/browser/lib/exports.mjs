// A list's export as a user chooses it (the list's export menu: 全部 or 所选, Excel or CSV) and the
// workbook it downloads, read back with SheetJS.
import { createRequire } from 'node:module';

// SheetJS from the frontends' workspace (the browser tests have no packages of their own)
export const XLSX = createRequire(new URL('../../../frontends/package.json', import.meta.url))('xlsx');

/** The rows of an exported workbook (each a list of its cells), the header left out. */
export async function exportedRows(download) {
  const book = XLSX.readFile(await download.path());
  return XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 }).slice(1);
}

/** The first column of an exported workbook's rows, the header left out. */
export async function exportedTitles(download) {
  return (await exportedRows(download)).map((r) => r[0]);
}

/** Chooses an entry of the list's export menu (`all-xlsx`, `selected-xlsx`, `all-csv`…) and answers the download. */
export async function exportChoice(p, list, choice) {
  await list.locator('[data-action="export"]').click();
  const item = p.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-export="${choice}"]`);
  const [download] = await Promise.all([p.waitForEvent('download', { timeout: 30000 }), item.click()]);
  return download;
}
