/**
 * bpmn-js-token-simulation writes its texts in English straight into the DOM (no `translate`):
 * in a zh-CN portal they are rewritten where they appear, text and tooltips alike.
 */

const WORDS: Record<string, string> = {
  'Token Simulation': '令牌模拟',
  'Simulation Log': '模拟日志',
  'No Entries': '暂无记录',
  'Toggle Simulation Log': '显示/隐藏模拟日志',
  'Play/Pause Simulation': '运行/暂停模拟',
  'Reset Simulation': '重置模拟',
  'Pause Simulation': '模拟已暂停',
  'Play Simulation': '模拟继续',
  Finished: '已结束',
  'Found unsupported elements': '发现不支持的元素',
  'Not supported': '不支持',
  'Set Sequence Flow': '选择顺序流',
  'Trigger Event': '触发事件',
  'Add pause point': '添加暂停点',
  'Remove pause point': '移除暂停点',
  Process: '流程',
  SubProcess: '子流程',
  'Service Task': '服务任务',
  'User Task': '用户任务',
  'Call Activity': '调用活动',
  'Script Task': '脚本任务',
  'Business Rule Task': '业务规则任务',
  'Manual Task': '手工任务',
  'Receive Task': '接收任务',
  'Send Task': '发送任务',
  'Exclusive Gateway': '排他网关',
  'Parallel Gateway': '并行网关',
  'Inclusive Gateway': '包容网关',
  'Start Event': '开始事件',
  'Intermediate Event': '中间事件',
  'Boundary Event': '边界事件',
  'End Event': '结束事件',
};

const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^Set animation speed = (.+)$/, (m) => `设置动画速度 = ${m[1]}`],
  [/^Focus process instance (.+)$/, (m) => `聚焦流程实例 ${m[1]}`],
  [/^(.+) (started|finished|canceled)$/, (m) => `${WORDS[m[1] ?? ''] ?? m[1]}${{ started: '已开始', finished: '已结束', canceled: '已取消' }[m[2] as 'started']}`],
];

/** The zh-CN text of one of the simulation's English texts (the text itself when it is not one). */
export function simulationText(text: string): string {
  const core = text.trim();
  if (!core) return text;
  let zh = WORDS[core];
  if (zh === undefined) {
    for (const [re, to] of PATTERNS) {
      const m = re.exec(core);
      if (m) {
        zh = to(m);
        break;
      }
    }
  }
  return zh === undefined ? text : text.replace(core, zh);
}

const inSimulation = (el: Element | null) => !!el?.closest('[class*="bts-"]');

/** Rewrites the simulation's texts and tooltips under `root` (those already in Chinese stay). */
export function translateSimulation(root: Element): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!inSimulation(node.parentElement)) continue;
    const next = simulationText(node.nodeValue ?? '');
    if (next !== node.nodeValue) node.nodeValue = next;
  }
  const titled = [root, ...Array.from(root.querySelectorAll('[title]'))].filter((el) => el.hasAttribute('title') && inSimulation(el));
  for (const el of titled) {
    const title = el.getAttribute('title') ?? '';
    const next = simulationText(title);
    if (next !== title) el.setAttribute('title', next);
  }
}

/** Keeps the simulation's texts under `root` in Chinese as it writes them; answers the undo. */
export function keepSimulationChinese(root: Element): () => void {
  translateSimulation(root);
  let busy = false;
  const observer = new MutationObserver(() => {
    if (busy) return;
    busy = true;
    try {
      translateSimulation(root);
    } finally {
      // the rewrite's own mutations are delivered after this callback: skip them
      queueMicrotask(() => (busy = false));
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['title'] });
  return () => observer.disconnect();
}
