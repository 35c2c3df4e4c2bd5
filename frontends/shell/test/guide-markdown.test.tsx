import { render, screen } from '@testing-library/react';
import { linkTarget, parseMarkdown, renderBlocks } from '../src/pages/guide/markdown';

const noImages = { image: () => undefined, openChapter: () => undefined };

describe('the user guide’s Markdown', () => {
  it('reads headings, wrapped paragraphs, lists, tips, tables and images', () => {
    // given
    const source = [
      '# 生成一个模块',
      '',
      '打开**代码生成 › 表单配置**，',
      '点击新建。',
      'Then press',
      'Save.',
      '',
      '1. 填写表名',
      '   与说明',
      '2. 选择表类型：',
      '   - 单表：一张',
      '     独立的表；',
      '   - 树结构表',
      '3. 点击保存',
      '',
      '- one',
      '- two',
      '',
      '> 提示：先同步数据库。',
      '',
      '| 菜单 | 用途 |',
      '| --- | --- |',
      '| 用户管理 | 新建用户 |',
      '',
      '![表单配置](images/gen.png)',
    ].join('\n');
    // when
    const blocks = parseMarkdown(source);
    // then
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: '生成一个模块' },
      { kind: 'paragraph', text: '打开**代码生成 › 表单配置**，点击新建。 Then press Save.' },
      {
        kind: 'list',
        ordered: true,
        items: [{ text: '填写表名与说明' }, { text: '选择表类型：', items: ['单表：一张独立的表；', '树结构表'] }, { text: '点击保存' }],
      },
      { kind: 'list', ordered: false, items: [{ text: 'one' }, { text: 'two' }] },
      { kind: 'quote', text: '提示：先同步数据库。' },
      { kind: 'table', head: ['菜单', '用途'], rows: [['用户管理', '新建用户']] },
      { kind: 'image', alt: '表单配置', src: 'images/gen.png' },
    ]);
  });

  it('leads chapter links inside the guide and web links to a new tab, and nothing else anywhere', () => {
    expect(linkTarget('02-generate-module.md')).toEqual({ kind: 'chapter', chapter: '02-generate-module' });
    expect(linkTarget('./04-approval.md#history')).toEqual({ kind: 'chapter', chapter: '04-approval' });
    expect(linkTarget('https://www.flowable.com/open-source')).toEqual({ kind: 'web', href: 'https://www.flowable.com/open-source' });
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget('../../../shared/seeds/x.md')).toBeNull();
  });

  it('renders markup in the text as text, never as HTML', () => {
    // given: a chapter whose text holds a tag
    const blocks = parseMarkdown('Press <img src=x onerror=alert(1)> **now** and see [x](javascript:alert(1)).');
    // when
    const { container } = render(<div>{renderBlocks(blocks, noImages)}</div>);
    // then
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText('now').tagName).toBe('STRONG');
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
