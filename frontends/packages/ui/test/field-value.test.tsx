import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { FieldValue, valueText } from '../src/form-render/display';
import { Control } from '../src/form-render/widgets/Control';
import { DictTypeSelect } from '../src/components/Dict';
import { fireEvent } from '@testing-library/react';
import type { FormWidget } from '../src/form-render/types';
import { session } from '../src/core/session';
import { fakeFetch, renderUi } from './helpers';

afterEach(() => vi.unstubAllGlobals());

const widget = (type: string, options: Record<string, unknown> = {}, extra: Partial<FormWidget> = {}): FormWidget =>
  ({ type, key: type, model: type, name: type, options, ...extra }) as FormWidget;

describe('a stored value as a person reads it', () => {
  session.setDictList({ yes_no: [{ id: 'y', value: '1', label: '是', sort: 1 }, { id: 'n', value: '0', label: '否', sort: 2 }] });

  it('dictionary values by their label, whatever type stored them', () => {
    const dict = widget('dict', { dictType: 'yes_no' });
    expect(valueText(dict, 1)).toBe('是');
    expect(valueText(dict, '0')).toBe('否');
    expect(valueText(widget('radio', { remote: 3, dictType: 'yes_no' }), ['1', '0'])).toBe('是、否');
  });

  it('switches as 是/否 for every spelling, or the widget’s own texts', () => {
    expect(['true', 'True', true, 1].map((v) => valueText(widget('switch'), v))).toEqual(['是', '是', '是', '是']);
    expect(['false', 'False', false, 0].map((v) => valueText(widget('switch'), v))).toEqual(['否', '否', '否', '否']);
    expect(valueText(widget('switch', { activeValue: 'Y', activeText: '启用', inactiveText: '停用' }), 'N')).toBe('停用');
  });

  it('static options by label; files by name', () => {
    expect(valueText(widget('select', { options: [{ value: 'a', label: '甲' }] }), 'a')).toBe('甲');
    expect(valueText(widget('checkbox', { options: [{ value: 1, label: '一' }, { value: 2, label: '二' }] }), '1,2')).toBe('一、二');
    expect(valueText(widget('fileupload'), [{ name: 'a.pdf', url: '/x' }])).toBe('a.pdf');
  });

  it('a sub-table as a small table of its columns, each cell by its label', () => {
    const table = widget('table', {}, { model: 'items', tableColumns: [widget('input', {}, { model: 'place', name: '地点' }), widget('dict', { dictType: 'yes_no' }, { model: 'paid', name: '已付' })] });
    renderUi(<FieldValue widget={table} value={[{ place: '北京', paid: '1' }]} />);
    expect(screen.getByText('地点')).toBeInTheDocument();
    expect(screen.getByText('北京')).toBeInTheDocument();
    expect(screen.getByText('是')).toBeInTheDocument();
    expect(screen.queryByText(/\{"place"/)).toBeNull();
  });

  it('a user id by the user’s name', async () => {
    fakeFetch((c) => (c.url.includes('/sys/user/queryById') ? [200, { id: 'u1', name: '张三' }] : [404, {}]));
    renderUi(<FieldValue widget={widget('user')} value="u1" />);
    await waitFor(() => expect(screen.getByText('张三')).toBeInTheDocument());
  });

  it('the renderer shows a number-typed dictionary value as its label (the select matches it as text)', async () => {
    renderUi(<Control widget={widget('dict', { dictType: 'yes_no' })} value={1} disabled />);
    await waitFor(() => expect(screen.getByText('是')).toBeInTheDocument());
    renderUi(<Control widget={widget('select', { options: [{ value: '1', label: '一' }] })} value={1} disabled />);
    await waitFor(() => expect(screen.getByText('一')).toBeInTheDocument());
  });
});

describe('字典类型 in the form designer', () => {
  it('is a picker of the dictionary types, each with its first labels', async () => {
    session.setDictList({
      yes_no: [{ id: 'y', value: '1', label: '是', sort: 1 }, { id: 'n', value: '0', label: '否', sort: 2 }],
      sex: [{ id: 'm', value: '1', label: '男', sort: 1 }],
    });
    let picked = '';
    renderUi(<DictTypeSelect open onChange={(v) => (picked = v)} />);
    const option = await screen.findByText('yes_no（是/否）');
    expect(screen.getByText('sex（男）')).toBeInTheDocument();
    fireEvent.click(option);
    expect(picked).toBe('yes_no');
  });
});
