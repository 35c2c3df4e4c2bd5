import { describe, expect, it } from 'vitest';
import { keepSimulationChinese, simulationText, translateSimulation } from '../src/designer/features/simulation/zh';

describe('the token simulation in a zh-CN portal', () => {
  it('reads its texts in Chinese', () => {
    expect(simulationText('Token Simulation ')).toBe('令牌模拟 ');
    expect(simulationText('Process started')).toBe('流程已开始');
    expect(simulationText('审批 finished')).toBe('审批已结束');
    expect(simulationText('Set animation speed = 1.5x')).toBe('设置动画速度 = 1.5x');
    expect(simulationText('审批')).toBe('审批');
  });

  it('rewrites the texts and tooltips it puts in the canvas, and the ones it adds later', async () => {
    document.body.innerHTML = '<div id="c"><div class="bts-log"><p class="bts-entry placeholder">No Entries</p><button class="bts-entry" title="Toggle Simulation Log">x</button></div><p class="other">No Entries</p></div>';
    const root = document.getElementById('c')!;
    translateSimulation(root);
    expect(root.querySelector('.placeholder')!.textContent).toBe('暂无记录');
    expect(root.querySelector('button')!.getAttribute('title')).toBe('显示/隐藏模拟日志');
    expect(root.querySelector('.other')!.textContent).toBe('No Entries');
    const undo = keepSimulationChinese(root);
    root.querySelector('.bts-log')!.insertAdjacentHTML('beforeend', '<p class="bts-entry">Process finished</p>');
    await new Promise((r) => setTimeout(r, 0));
    expect(root.querySelector('.bts-log p:last-child')!.textContent).toBe('流程已结束');
    undo();
  });
});
