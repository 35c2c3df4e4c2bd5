import { createRef } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderUi } from '../../packages/ui/test/helpers';
import { session } from '@loom/ui';
import { FormRender, previewKind, type FormJson, type FormRenderHandle, type FormWidget } from '../src/render';
import { createWidget } from '../src/designer/model';

function leave(): FormJson {
  const who = { ...createWidget('input', '申请人'), model: 'applicant' };
  who.options = { ...who.options, required: true, defaultValue: '${user.name}' };
  const phone = { ...createWidget('input', '电话'), model: 'phone' };
  phone.options = { ...phone.options, validator: 'mobile' };
  // (a new number widget has no bound: the designer set this one to 0..9)
  const days = { ...createWidget('number', '天数'), model: 'days' };
  days.options = { ...days.options, min: 0, max: 9 };
  const secret = { ...createWidget('input', '备注'), model: 'secret' };
  const place = { ...createWidget('input', '地点'), model: 'place' };
  place.options = { ...place.options, required: true };
  const items: FormWidget = { ...createWidget('table', '行程'), model: 'items', tableColumns: [place] };
  return { list: [who, phone, days, secret, items], config: { labelWidth: 100, labelPosition: 'right', size: 'small' } };
}

const field = (model: string) => document.querySelector(`[data-model="${model}"]`) as HTMLElement;

// antd in jsdom is slow on a loaded machine: generous waits, the assertions stay exact
const W = { timeout: 15000 };

describe('the form renderer', { timeout: 120000 }, () => {
  it('fills defaults from the signed-in user, refuses an empty required field on submit with the table message, then gives the data', async () => {
    // given
    session.setUser({
      id: 'u1',
      loginName: 'zs',
      name: '张三',
      no: null,
      email: null,
      phone: null,
      mobile: null,
      photo: null,
      remarks: null,
      loginFlag: '1',
      loginIp: null,
      loginDate: null,
      createDate: '2024-01-01T00:00:00',
      roleNames: null,
      companyDTO: null,
      officeDTO: null,
      roleIdList: [],
      postIdList: [],
    });
    const ref = createRef<FormRenderHandle>();
    renderUi(<FormRender ref={ref} json={leave()} />);
    await waitFor(() => expect(within(field('applicant')).getByRole('textbox')).toHaveValue('张三'), W);
    fireEvent.change(within(field('applicant')).getByRole('textbox'), { target: { value: '' } });
    // when
    let error: Error | null = null;
    await act(async () => {
      await ref.current!.getData().catch((e: Error) => (error = e));
    });
    // then
    expect(error!.message).toBe('表单数据校验失败');
    await waitFor(() => expect(within(field('applicant')).getByText('申请人必须填写')).toBeInTheDocument(), W);
    fireEvent.change(within(field('applicant')).getByRole('textbox'), { target: { value: '李四' } });
    let data: Record<string, unknown> = {};
    await act(async () => {
      data = await ref.current!.getData();
    });
    expect(data).toMatchObject({ applicant: '李四', days: 0, items: [] });
  });

  it('checks a fixed validator on blur with its own message', async () => {
    renderUi(<FormRender json={leave()} />);
    const input = within(field('phone')).getByRole('textbox');
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.blur(input);
    await waitFor(() => expect(within(field('phone')).getByText('请输入正确的手机号码')).toBeInTheDocument(), W);
  });

  it('refuses a number out of its range with the range message and keeps what was typed (no silent clamp)', async () => {
    // given a number widget of 0..9
    const ref = createRef<FormRenderHandle>();
    renderUi(<FormRender ref={ref} json={leave()} />);
    const input = within(field('days')).getByRole('spinbutton');
    // when 300 is typed and the field is left
    fireEvent.change(input, { target: { value: '300' } });
    fireEvent.blur(input);
    // then the value stays 300 and the field says why it is refused
    await waitFor(() => expect(within(field('days')).getByText('天数必须在0到9之间')).toBeInTheDocument(), W);
    expect(input).toHaveValue('300');
    let error: Error | null = null;
    await act(async () => {
      await ref.current!.getData().catch((e: Error) => (error = e));
    });
    expect(error!.message).toBe('表单数据校验失败');
  });

  it('shows the server’s field errors beside their fields, sub-table rows included', async () => {
    const ref = createRef<FormRenderHandle>();
    renderUi(<FormRender ref={ref} json={leave()} value={{ items: [{ place: '' }] }} />);
    act(() => ref.current!.setErrors({ days: '天数必须在0到9之间', 'items.0.place': '地点必须填写' }));
    await waitFor(() => expect(within(field('days')).getByText('天数必须在0到9之间')).toBeInTheDocument(), W);
    expect(screen.getByText('地点必须填写')).toBeInTheDocument();
  });

  it('a read-only form disables every field; per-field flags hide or lock fields', async () => {
    const { unmount } = renderUi(<FormRender json={leave()} readOnly />);
    expect(within(field('applicant')).getByRole('textbox')).toBeDisabled();
    unmount();
    renderUi(<FormRender json={leave()} permissions={{ secret: { readable: false }, phone: { readable: true, writable: false } }} />);
    expect(field('secret')).toBeNull();
    expect(within(field('phone')).getByRole('textbox')).toBeDisabled();
    expect(within(field('applicant')).getByRole('textbox')).not.toBeDisabled();
  });

  it('sub-table rows are added and removed; on mobile each row has a # n header', async () => {
    renderUi(<FormRender json={leave()} platform="mobile" />);
    const table = field('items');
    fireEvent.click(within(table).getByText('添加'));
    fireEvent.click(within(table).getByText('添加'));
    await waitFor(() => expect(within(table).getByText('# 2')).toBeInTheDocument(), W);
    fireEvent.click(within(table).getAllByRole('button').find((b) => b.getAttribute('data-action') === 'remove-row')!);
    await waitFor(() => expect(within(table).queryByText('# 2')).toBeNull(), W);
  });

  it('a node\'s sub-table flags lock a column, hide another and take away adding and deleting rows', async () => {
    const json = leave();
    const cost = { ...createWidget('number', '费用'), model: 'cost' };
    const note = { ...createWidget('input', '说明'), model: 'note' };
    json.list[4] = { ...json.list[4]!, tableColumns: [...(json.list[4]!.tableColumns ?? []), cost, note] };
    renderUi(
      <FormRender
        json={json}
        value={{ items: [{ place: '北京', cost: 100, note: 'n' }] }}
        permissions={{ items: { readable: true, writable: true, addable: false, deletable: false }, 'items.cost': { writable: false }, 'items.note': { readable: false } }}
      />,
    );
    const table = field('items');
    await waitFor(() => expect(within(table).getAllByRole('textbox').length).toBeGreaterThan(0), W);
    const place = table.querySelector('[data-model="place"] input') as HTMLInputElement;
    const costInput = table.querySelector('[data-model="cost"] input') as HTMLInputElement;
    expect(place).not.toBeDisabled();
    expect(costInput).toBeDisabled();
    expect(within(table).queryByText('说明')).toBeNull();
    expect(table.querySelector('[data-action="add-row"]')).toBeNull();
    expect(table.querySelector('[data-action="remove-row"]')).toBeNull();
  });

  it('previews images and PDFs; office files cannot be previewed online', () => {
    expect(previewKind('a.PNG')).toBe('image');
    expect(previewKind('/x/b.jpeg?x=1')).toBe('image');
    expect(previewKind('c.pdf')).toBe('pdf');
    for (const f of ['d.doc', 'e.docx', 'f.xls', 'g.xlsx', 'h.ppt']) expect(previewKind(f)).toBe('none');
  });
});
