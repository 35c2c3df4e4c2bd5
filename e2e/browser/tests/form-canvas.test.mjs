// The form designer's canvas (issue 23): a field dragged from the palette lands in a tab when it
// arrives from above and in a sub-table when it arrives from below, not only from the side; after
// such drops the canvas still follows its widgets' sizes (nothing overlaps; the forms suite drops on
// the canvas after drops into columns and a sub-table); a selected field inside a slot shows its toolbar below its input, not over it; the property
// panel is wholly inside the window at 1440 px and narrower. zh-CN and en-US.
import { eventually, expect, screenshot } from '../lib/harness.mjs';
import { adminPage, pageApi, switchLanguage } from '../lib/session.mjs';

const sfx = Date.now().toString(36);
const LIST = '/form/MakeFormList';

/** The administrator's page of this file, speaking the language of the pass. */
const pageAs = async (ctx, locale) => switchLanguage(await adminPage(ctx, 'form-canvas'), locale);

/** The parsed answer of a POST made with the page's token. */
const api = async (p, url, body) => (await pageApi(p, 'POST', url, body)).json;

/** A form of a field, a tab pair, a sub-table and another field, saved through the API. */
async function layoutForm(p, code) {
  const opts = { span: 24, width: '100%', defaultValue: '' };
  const source = {
    list: [
      { type: 'input', key: 'above_k', model: 'above', name: 'Above', rules: [], options: opts },
      { type: 'tabs', key: 'tabs_k', model: '', name: 'Tabs', rules: [], options: { span: 24, tabPosition: 'top' }, tabs: [{ name: 'tab_1', label: 'One', list: [] }, { name: 'tab_2', label: 'Two', list: [] }] },
      { type: 'table', key: 'table_k', model: 'rows', name: 'Rows', rules: [], options: { span: 24 }, tableColumns: [] },
      { type: 'input', key: 'below_k', model: 'below', name: 'Below', rules: [], options: opts },
    ],
    config: { labelWidth: 100, labelPosition: 'right', size: 'small', layout: 'horizontal', labelCol: 3 },
  };
  const saved = await api(p, '/form/make/saveBasicInfo', { name: `canvas${code}`, code });
  await api(p, '/form/make/save', { id: saved.id, name: saved.name, code, source: JSON.stringify(source) });
}

async function openDesigner(ctx, p, code) {
  await p.goto(ctx.base + LIST);
  const scope = p.locator(`[data-page="${LIST}"]`);
  const row = scope.locator('.ant-table-row', { hasText: code }).first();
  await row.waitFor({ timeout: 20000 });
  await row.locator('[data-row-action="design"]').click();
  const designer = p.locator('.loom-form-designer');
  await designer.locator('.loom-fd-item[data-item="below_k"]').waitFor({ timeout: 20000 });
  // the designer's dialog zooms in: every place a drag aims at is read once it stands still
  let last = '';
  await eventually(async () => {
    const now = JSON.stringify([await designer.boundingBox(), await designer.locator('.loom-fd-grid-layout').boundingBox()]);
    const still = now === last && (await p.locator('.ant-modal[class*="zoom"]').count()) === 0;
    last = now;
    return still;
  }, 'the designer stands still');
}

/**
 * Moves the mouse by a few pixels back and forth until `seen` holds: a drag is seen on moves only,
 * and the canvas shows its placeholder once the pointer has moved 3 px over it (its drag threshold).
 */
async function hoverUntil(p, x, y, seen, what, timeout) {
  let wiggle = 0;
  return eventually(
    async () => {
      await p.mouse.move(x, y + (wiggle++ % 2) * 4);
      return seen();
    },
    what,
    timeout,
  );
}

/** The canvas shows where a field dragged over it would land: a drag is on. */
const placeholderShown = (p) => async () => (await p.locator('.loom-form-designer .loom-fd-grid-layout > .react-grid-placeholder').count()) > 0;

/**
 * Drags a palette entry over `from` (a field above or below `slot`), then straight up or down into
 * the middle of the slot, as a hand does, and lets go once the slot lights up to take the field.
 * A drag that starts while the designer still lays itself out selects text instead of dragging (no
 * placeholder shows over the field): the hand lets go and drags once more.
 */
async function dragInto(p, type, from, slot) {
  const start = await from.boundingBox();
  const end = await slot.boundingBox();
  const x = end.x + end.width / 2;
  for (let attempt = 1; ; attempt++) {
    const source = await p.locator(`[data-palette="${type}"]`).boundingBox();
    await p.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
    await p.mouse.down();
    await p.mouse.move(x, start.y + start.height / 2, { steps: 6 });
    const dragging = await hoverUntil(p, x, start.y + start.height / 2, placeholderShown(p), `the ${type} is dragged over the canvas`, 5000).then(
      () => true,
      (e) => (attempt < 2 ? false : Promise.reject(e)),
    );
    if (dragging) break;
    await p.mouse.up();
  }
  const y = end.y + end.height / 2;
  await p.mouse.move(x, y, { steps: 8 });
  await hoverUntil(p, x, y, () => slot.evaluate((el) => el.classList.contains('loom-fd-slot-over')), `the ${type} is over its slot, which lights up`);
  await p.mouse.up();
}

/** The canvas's items as laid out on the screen do not overlap, and each is as tall as its widget. */
async function laidOut(p) {
  return p.locator('.loom-form-designer .loom-fd-item').evaluateAll((items) => {
    const boxes = items.map((el) => ({ r: el.getBoundingClientRect(), inner: el.firstElementChild.getBoundingClientRect() }));
    const fits = boxes.every((b) => b.inner.height <= b.r.height + 1);
    const apart = boxes.every((a, i) => boxes.every((b, j) => i === j || a.r.bottom <= b.r.top + 1 || b.r.bottom <= a.r.top + 1 || a.r.right <= b.r.left + 1 || b.r.right <= a.r.left + 1));
    return fits && apart;
  });
}

function scenario(locale) {
  const tag = locale === 'zh-CN' ? 'zh' : 'en';
  return {
    name: `form canvas (${locale}): a field lands in a tab from above and in a sub-table from below; the canvas still lays out; the toolbar leaves the input free; the panel is inside the window`,
    run: async (ctx) => {
      const p = await pageAs(ctx, locale);
      const code = `canvas_${tag}_${sfx}`;
      await layoutForm(p, code);
      await openDesigner(ctx, p, code);
      const d = p.locator('.loom-form-designer');
      const item = (key) => d.locator(`.loom-fd-item[data-item="${key}"]`);
      const tab = item('tabs_k').locator('.loom-fd-slot-tab').first();
      const table = item('table_k').locator('.loom-fd-slot-table');
      const items = d.locator('.loom-fd-item');

      await dragInto(p, 'input', item('above_k'), tab);
      await eventually(async () => (await tab.locator('.loom-fd-widget').count()) === 1, 'the field from above is in the tab');
      await dragInto(p, 'number', item('below_k'), table);
      await eventually(async () => (await table.locator('.loom-fd-widget').count()) === 1, 'the field from below is in the sub-table');
      expect((await items.count()) === 4, `nothing landed on the canvas beside them (${await items.count()} items)`);
      await eventually(() => laidOut(p), 'the canvas lays its widgets out after the drops: none overlaps, each item holds its widget');

      // the field selected inside the sub-table: its toolbar sits below its input
      await table.locator('.loom-fd-widget').first().click({ position: { x: 5, y: 5 } });
      const selected = table.locator('.loom-fd-widget.loom-fd-selected');
      await selected.locator('.loom-fd-tools').waitFor();
      await eventually(async () => {
        const [tools, body] = [await selected.locator('.loom-fd-tools').boundingBox(), await selected.locator('.loom-fd-widget-body').boundingBox()];
        return tools.y >= body.y + body.height - 1;
      }, 'the toolbar is below the input, not over it');
      await screenshot(p, `form-canvas-${tag}-drops`);

      // the property panel is inside the window, at 1440 px and narrower
      for (const width of [1440, 1280, 1100]) {
        await p.setViewportSize({ width, height: 900 });
        await eventually(async () => {
          const panel = await d.locator('.loom-fd-panel').evaluate((el) => ({ right: el.getBoundingClientRect().right, clipped: el.scrollWidth > el.clientWidth + 1 }));
          const canvas = await d.locator('.loom-fd-canvas').evaluate((el) => ({ right: el.getBoundingClientRect().right, items: Math.max(...[...el.querySelectorAll('.loom-fd-item')].map((i) => i.getBoundingClientRect().right)) }));
          return panel.right <= width + 0.5 && !panel.clipped && canvas.items <= canvas.right + 0.5;
        }, `the property panel is wholly inside a ${width} px window, the canvas's fields inside the canvas`);
        await screenshot(p, `form-canvas-${tag}-panel-${width}`);
      }
      await p.setViewportSize({ width: 1440, height: 900 });
      await d.locator('[data-action="close-designer"]').click();
    },
  };
}

// Native drags from the palette onto the canvas: with browser lanes, nothing else runs meanwhile (a
// drag lost its drop while another lane loaded the machine).
export const alone = true;
export default [scenario('zh-CN'), scenario('en-US')];
