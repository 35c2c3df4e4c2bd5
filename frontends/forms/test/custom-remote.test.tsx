import { createRef } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderUi } from '../../packages/ui/test/helpers';
import { FormRender, fillTemplate, registerFormComponent, remoteChoices, remoteUrl, type CustomFieldProps, type FormJson, type FormRenderHandle } from '../src/render';
import { createWidget } from '../src/designer/model';

const W = { timeout: 15000 };
const field = (model: string) => document.querySelector(`[data-model="${model}"]`) as HTMLElement;

describe('remote options (remote 2)', () => {
  it('a data function calls its URL and maps the answer with the widget props', () => {
    // given: a select whose function URL answers sys's role page
    const o = { remote: 2, remoteType: 'func' as const, remoteFunc: '/sys/role/list', remoteOption: '/not/this', props: { value: 'id', label: 'name' } };
    const answer = { records: [{ id: 'r1', name: '系统管理员' }, { id: 'r2', name: '普通用户' }], total: 2 };
    // then
    expect(remoteUrl(o)).toBe('/sys/role/list');
    expect(remoteChoices(answer, o.props)).toEqual([
      { value: 'r1', label: '系统管理员' },
      { value: 'r2', label: '普通用户' },
    ]);
  });

  it('the option type reads remoteOption; the designer placeholders func_… / option_… are not called', () => {
    expect(remoteUrl({ remote: 2, remoteType: 'option', remoteOption: '/sys/dict/getDictValue?dictTypeId=1' })).toBe('/sys/dict/getDictValue?dictTypeId=1');
    expect(remoteUrl({ remote: 2, remoteType: 'func', remoteFunc: 'func_1700000000000' })).toBeNull();
    expect(remoteUrl({ remote: 2, remoteType: 'option', remoteOption: 'option_1700000000000' })).toBeNull();
  });

  it('a tree answer keeps its children under the configured children field', () => {
    const tree = [{ code: 'a', title: 'A', subs: [{ code: 'a1', title: 'A1' }] }];
    expect(remoteChoices(tree, { value: 'code', label: 'title', children: 'subs' })).toEqual([{ value: 'a', label: 'A', children: [{ value: 'a1', label: 'A1' }] }]);
  });
});

function Stars({ value, onChange, disabled }: CustomFieldProps) {
  return (
    <button type="button" data-testid="stars" disabled={disabled} onClick={() => onChange?.(`${String(value ?? '')}*`)}>
      {String(value ?? '') || 'none'}
    </button>
  );
}

describe('the custom group', { timeout: 120000 }, () => {
  it('a custom widget is drawn by its registered component and bound to its model; an unknown one says so', async () => {
    // given
    registerFormComponent({ name: 'stars', label: { 'zh-CN': '星级', 'en-US': 'Stars' }, component: Stars });
    const rating = { ...createWidget('custom', '星级'), model: 'rating', el: 'stars' };
    const lost = { ...createWidget('custom', '未知'), model: 'lost', el: 'nowhere' };
    const json: FormJson = { list: [rating, lost], config: { labelWidth: 100, labelPosition: 'right', size: 'small' } };
    const ref = createRef<FormRenderHandle>();
    renderUi(<FormRender ref={ref} json={json} value={{ rating: '**' }} />);
    // when
    fireEvent.click(await screen.findByTestId('stars', undefined, W));
    // then
    await waitFor(() => expect(screen.getByTestId('stars')).toHaveTextContent('***'), W);
    expect(within(field('lost')).getByText('未注册的自定义组件：nowhere')).toBeInTheDocument();
    let data: Record<string, unknown> = {};
    await act(async () => {
      data = await ref.current!.getData();
    });
    expect(data.rating).toBe('***');
  });

  it('a blank area shows the page’s slot bound to its model; a component shows its template with the record’s values', async () => {
    // given
    const spot = { ...createWidget('blank', '区域'), model: 'spot' };
    const who = { ...createWidget('input', '姓名'), model: 'who' };
    const card = createWidget('component', '卡片');
    card.options = { ...card.options, template: '<p class="hello">你好，{{who}}<script>alert(1)</script></p>' };
    const json: FormJson = { list: [spot, who, card], config: { labelWidth: 100, labelPosition: 'right', size: 'small' } };
    const ref = createRef<FormRenderHandle>();
    renderUi(
      <FormRender
        ref={ref}
        json={json}
        value={{ who: '张三' }}
        slots={{ spot: ({ value, onChange }) => <input data-testid="slot" value={String(value ?? '')} onChange={(e) => onChange?.(e.target.value)} /> }}
      />,
    );
    // when
    fireEvent.change(await screen.findByTestId('slot', undefined, W), { target: { value: 'A-12' } });
    fireEvent.change(within(field('who')).getByRole('textbox'), { target: { value: '<b>李四</b>' } });
    // then
    await waitFor(() => expect(document.querySelector('.loom-fr-component .hello')).toHaveTextContent('你好，<b>李四</b>'), W);
    expect(document.querySelector('.loom-fr-component script')).toBeNull();
    let data: Record<string, unknown> = {};
    await act(async () => {
      data = await ref.current!.getData();
    });
    expect(data).toMatchObject({ spot: 'A-12', who: '<b>李四</b>' });
  });

  it('a template escapes the values it shows', () => {
    expect(fillTemplate('<i>{{a.b}}</i>', { a: { b: '<img src=x onerror=alert(1)>' } })).toBe('<i>&lt;img src=x onerror=alert(1)&gt;</i>');
  });
});
