// The user guide (docs/guide, issue 36): the header's 帮助 / Help opens it in the reader's language
// and its chapter links lead inside it. With LOOM_GUIDE_SCREENSHOTS=1 (make guide-screenshots, on a
// platform of its own) another test first walks a screen or two per journey in both languages and retakes the
// guide's screenshots, so they follow the screens; CI runs only the first, a few seconds.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, eventually, expect } from '../lib/harness.mjs';
import { openDesigner, saveModel } from '../lib/designer.mjs';
import { nodeExtension } from '../lib/api.mjs';
import { adminApi, adminPage, openPage, openTodo, switchLanguage } from '../lib/session.mjs';

const GUIDE = join(ROOT, 'docs', 'guide');
const HREF = '/help/guide';
const LANGS = {
  'zh-CN': { contents: 'Loom 用户手册', tab: '用户手册', approval: '设计并运行一个审批流程' },
  'en-US': { contents: 'Loom user guide', tab: 'User guide', approval: 'Design and run an approval' },
};

/** Opens the guide from the header, as a reader does, and answers its pane. */
async function openHelp(p) {
  await p.locator('[data-action="help"]').click();
  await p.waitForURL((u) => u.pathname === HREF, { timeout: 10000 });
  return p.locator(`[data-page="${HREF}"]`);
}

/** The first heading of the chapter shown, once the guide speaks `lang`. */
async function heading(guide, lang) {
  await guide.locator(`.loom-guide[data-guide-lang="${lang}"]`).waitFor({ timeout: 20000 });
  return (await guide.locator('.loom-guide-body h1').first().textContent())?.trim();
}

const helpTest = {
  name: 'help: the header’s 帮助 opens the user guide in Chinese, Help in English, and its chapters link inside it',
  run: async (ctx) => {
    // given: every image a chapter names is in the repository (a renamed screenshot breaks here)
    for (const lang of Object.keys(LANGS)) {
      for (const file of readdirSync(join(GUIDE, lang)).filter((f) => f.endsWith('.md'))) {
        for (const [, src] of readFileSync(join(GUIDE, lang, file), 'utf8').matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)) {
          expect(existsSync(join(GUIDE, lang, src)), `${lang}/${file} shows ${src}, which is missing`);
        }
      }
    }
    const p = await adminPage(ctx, 'guidePage');
    await switchLanguage(p, 'zh-CN');
    // when: 帮助 in the header
    let guide = await openHelp(p);
    // then: the contents in Chinese, in a tab of its own, with the screenshots shown
    expect((await heading(guide, 'zh-CN')) === LANGS['zh-CN'].contents, 'the Chinese contents');
    expect(((await p.locator(`.loom-tabs [data-tab="${HREF}"]`).textContent()) ?? '').includes(LANGS['zh-CN'].tab), 'the tab names the guide');
    // a chapter link opens that chapter, its screenshot loaded
    await guide.locator('[data-chapter-link="04-approval"]').first().click();
    await p.waitForURL((u) => u.searchParams.get('chapter') === '04-approval', { timeout: 10000 });
    await eventually(async () => (await heading(guide, 'zh-CN')) === LANGS['zh-CN'].approval, 'the approval chapter in Chinese');
    const shot = guide.locator('.loom-guide-body figure img').first();
    await eventually(() => shot.evaluate((img) => img.complete && img.naturalWidth > 0), 'the chapter’s screenshot is shown');
    // when: the reader switches the portal to English, the same chapter follows
    await switchLanguage(p, 'en-US');
    guide = p.locator(`[data-page="${HREF}"]`);
    await eventually(async () => (await heading(guide, 'en-US')) === LANGS['en-US'].approval, 'the approval chapter in English');
    // and Help opens the English contents
    await p.locator('.loom-guide-nav .ant-menu-item').first().click();
    // the chapter shown changes after the click: wait for it, as a reader does
    await eventually(async () => (await heading(guide, 'en-US')) === LANGS['en-US'].contents, 'the English contents');
    expect(((await p.locator('[data-action="help"]').textContent()) ?? '').includes('Help'), 'the header says Help');
    await switchLanguage(p, 'zh-CN');
  },
};

/** A leave request of two approvals, drawn (with its diagram) in the language of the screenshot. */
function leaveProcess(key, [name, start, dept, hr, end], assignee = '') {
  const shapes = [['start', 80, 122, 36, 36], ['dept', 170, 100, 100, 80], ['hr', 330, 100, 100, 80], ['end', 490, 122, 36, 36]];
  const flows = [['f1', 'start', 'dept', 116, 270], ['f2', 'dept', 'hr', 270, 330], ['f3', 'hr', 'end', 430, 490]];
  return (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" ' +
    `xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="guide"><process id="${key}" name="${name}" isExecutable="true">` +
    `<startEvent id="start" name="${start}" flowable:initiator="applyUserId"/><userTask id="dept" name="${dept}"${assignee}/><userTask id="hr" name="${hr}"${assignee}/><endEvent id="end" name="${end}"/>` +
    flows.map(([id, from, to]) => `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`).join('') +
    `</process><bpmndi:BPMNDiagram id="d_${key}"><bpmndi:BPMNPlane id="p_${key}" bpmnElement="${key}">` +
    shapes.map(([id, x, y, w, h]) => `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`).join('') +
    flows.map(([id, , , x1, x2]) => `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="${x1}" y="140"/><di:waypoint x="${x2}" y="140"/></bpmndi:BPMNEdge>`).join('') +
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>'
  );
}

const PROCESS_NAMES = {
  'zh-CN': ['请假申请', '开始', '部门审批', '人事审批', '结束'],
  'en-US': ['Leave request', 'Start', 'Department approval', 'HR approval', 'End'],
};
const TASK_TEXT = {
  'zh-CN': { title: '张三的请假申请', comment: '同意，注意交接工作', history: '流转记录', agree: '同意', back: '退回' },
  'en-US': { title: 'Leave request of Zhang San', comment: 'Agreed; hand over your work first', history: 'History', agree: 'Agree', back: 'Send back' },
};

/**
 * The approval's second picture: a request the department agreed to, open at HR's task on its
 * history. The process is deployed for the administrator's own approval, its buttons named in the
 * screenshot's language.
 */
async function approvalTask(ctx, p, lang, sfx) {
  const api = await adminApi(ctx);
  const me = await api.userId('admin');
  const text = TASK_TEXT[lang];
  const key = `guide_run_${lang.slice(0, 2)}_${sfx}`;
  const buttons = [['_flow_agree', text.agree], ['_flow_back', text.back]];
  await api.deployModel({
    key,
    name: PROCESS_NAMES[lang][0],
    xml: leaveProcess(key, PROCESS_NAMES[lang], ` flowable:assignee="${me}"`),
    nodes: ['dept', 'hr'].map((n) => nodeExtension(key, n, [['user', me]], buttons)),
    category: 'guide',
  });
  // the same title on every run: any of a dirty platform's copies shows the same history
  const title = text.title;
  const pid = await api.call('POST', '/flowable/task/start', { params: { procDefKey: key, title } });
  await api.agree(pid, {}, text.comment);
  const task = await openTodo(ctx, p, title);
  await task.locator('.ant-tabs-tab', { hasText: text.history }).first().click();
  await task.locator('.loom-task-history .loom-history-step[data-step="dept"]').first().waitFor({ timeout: 20000 });
}

/** The screens of the journeys: where each opens, what shows it is ready, and what a reader is shown on it. */
const SCREENS = [
  { file: '01-organisation', href: '/sys/user/UserList', ready: '.ant-table-row' },
  { file: '02-generate-module', href: '/gen/GenTableList', ready: '[data-action="add"]', open: '[data-action="add"]', shown: '.ant-steps' },
  { file: '03-design-form', href: '/form/MakeFormList', ready: '[data-action="add"]', open: '[data-action="add"]', shown: '.ant-form' },
  { file: '04-approval', designer: true },
  { file: '04-approval-task', task: true },
  { file: '05-administration', href: '/sys/menu/MenuList', ready: '.ant-table-row' },
];

const screenshotsTest = {
  name: 'guide screenshots: a screen or two per journey in Chinese and in English, saved into docs/guide/<lang>/images',
  run: async (ctx) => {
    // a modest viewport keeps the pictures small and readable in the guide's column
    const p = await adminPage(ctx, 'guideShots', { width: 1280, height: 800 });
    const sfx = Date.now().toString(36);
    for (const lang of Object.keys(LANGS)) {
      await switchLanguage(p, lang);
      const dir = join(GUIDE, lang, 'images');
      mkdirSync(dir, { recursive: true });
      for (const s of SCREENS) {
        if (s.task) {
          await approvalTask(ctx, p, lang, sfx);
          await p.screenshot({ path: join(dir, `${s.file}.png`) });
          continue;
        }
        if (s.designer) {
          const key = `guide_leave_${lang.slice(0, 2)}_${sfx}`;
          await saveModel(p, key, PROCESS_NAMES[lang][0], leaveProcess(key, PROCESS_NAMES[lang]));
          await openDesigner(ctx, p, key);
          // the first task selected: its settings fill the panel
          const visual = p.locator('[data-designer-canvas] .djs-element[data-element-id="dept"] .djs-visual > *').first();
          const panel = p.locator('.loom-product-panel[data-element-id="dept"]');
          await eventually(async () => {
            const box = await visual.boundingBox();
            await p.mouse.click(box.x + box.width / 2, box.y + box.height * 0.75);
            return panel.waitFor({ timeout: 1500 }).then(() => true, () => false);
          }, 'the task is selected', 20000);
          await p.screenshot({ path: join(dir, `${s.file}.png`) });
          await p.locator('.loom-designer-dialog .ant-modal-close').click();
          continue;
        }
        const scope = await openPage(ctx, p, s.href);
        await scope.locator(s.ready).first().waitFor({ timeout: 20000 });
        if (s.open) {
          await scope.locator(s.open).first().click();
          const dialog = ctx.portal.modal(p);
          await dialog.locator(s.shown).first().waitFor({ timeout: 15000 });
          // the dialog's zoom-in animation finished
          await eventually(() => dialog.evaluate((el) => getComputedStyle(el).transform === 'none' && getComputedStyle(el).opacity === '1'), 'the dialog is open');
          await p.screenshot({ path: join(dir, `${s.file}.png`) });
          await p.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden', timeout: 10000 });
        } else {
          await p.screenshot({ path: join(dir, `${s.file}.png`) });
        }
      }
    }
    await switchLanguage(p, 'zh-CN');
  },
};

// retaken pictures first, so the guide the help test opens shows them
export default process.env.LOOM_GUIDE_SCREENSHOTS === '1' ? [screenshotsTest, helpTest] : [helpTest];
