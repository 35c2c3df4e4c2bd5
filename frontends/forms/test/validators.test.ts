import cases from '../../../libs/form-rules/src/loom_form_rules/cases.json';
import { checkField, FIXED_VALIDATORS, DATA_TYPES, passesDataType, passesValidator, resolveDefault, validateRecord, type FormWidget } from '../src/render';

const table = cases as { validators: Record<string, { pass: unknown; fail: unknown }>; dataTypes: Record<string, { pass: unknown; fail: unknown }> };

describe('the shared validator table, in the browser (cases.json, the cases the server runs)', () => {
  it('covers every validator and data type of the table', () => {
    expect(Object.keys(table.validators).sort()).toEqual(FIXED_VALIDATORS.map((v) => v.name).sort());
    expect(Object.keys(table.dataTypes).sort()).toEqual([...DATA_TYPES].sort());
  });

  it.each(Object.entries(table.validators))('validator %s passes its good value, fails its bad one, lets empty pass', (name, c) => {
    expect(passesValidator(name, c.pass)).toBe(true);
    expect(passesValidator(name, c.fail)).toBe(false);
    expect(passesValidator(name, '')).toBe(true);
    expect(passesValidator(name, null)).toBe(true);
  });

  it.each(Object.entries(table.dataTypes))('data type %s passes its good value and fails its bad one', (name, c) => {
    expect(passesDataType(name, c.pass)).toBe(true);
    expect(passesDataType(name, c.fail)).toBe(false);
  });
});

const field = (over: Partial<FormWidget> & { options?: FormWidget['options'] }): FormWidget => ({ type: 'input', key: 'k', model: 'days', name: '天数', rules: [], ...over, options: { ...(over.options ?? {}) } });

describe('field messages (the same words as the server)', () => {
  it('a required field left empty says {name}必须填写, in English on request', () => {
    const w = field({ options: { required: true } });
    expect(checkField(w, '', 'zh-CN')).toBe('天数必须填写');
    expect(checkField(w, '', 'en-US')).toBe('天数 is required');
    expect(checkField(field({ options: { required: true, requiredMessage: '请填写天数' } }), '', 'zh-CN')).toBe('请填写天数');
  });

  it('a fixed validator answers its own message', () => {
    const w = field({ options: { validator: 'mobile' } });
    expect(checkField(w, '12812345678', 'zh-CN')).toBe('请输入正确的手机号码');
    expect(checkField(w, '13812345678', 'zh-CN')).toBeNull();
  });

  it('numbers out of range and too many files are refused', () => {
    expect(checkField(field({ type: 'number', options: { min: 1, max: 5 } }), 9, 'zh-CN')).toBe('天数必须在1到5之间');
    expect(checkField(field({ type: 'fileupload', options: { limit: 1 } }), [{ url: 'a' }, { url: 'b' }], 'zh-CN')).toBe('天数最多只能上传1个文件');
  });

  it('a number without a max has no max; one bound set names that bound', () => {
    // a widget whose options name no bounds does not take 0..9 from the designer's new-widget defaults
    expect(checkField(field({ type: 'number', options: {} }), 300, 'zh-CN')).toBeNull();
    expect(checkField(field({ type: 'number', options: { min: '', max: null } as never }), -5, 'zh-CN')).toBeNull();
    expect(checkField(field({ type: 'number', options: { min: 1, max: '' } as never }), 300, 'zh-CN')).toBeNull();
    expect(checkField(field({ type: 'number', options: { min: 1, max: '' } as never }), 0, 'zh-CN')).toBe('天数不能小于1');
    expect(checkField(field({ type: 'number', options: { max: 9 } }), 300, 'en-US')).toBe('天数 must not be greater than 9');
  });

  it('validates sub-table rows as model.i.column', () => {
    const form = { list: [{ type: 'table', key: 't', model: 'items', name: '明细', options: {}, tableColumns: [field({ model: 'qty', name: '数量', options: { required: true } })] } as FormWidget], config: {} as never };
    expect(validateRecord(form, { items: [{ qty: '1' }, { qty: '' }] }, 'zh-CN')).toEqual({ 'items.1.qty': '数量必须填写' });
  });
});

describe('default values', () => {
  it('${new Date()} is the current time as YYYY-MM-DD HH:mm:ss; ${a.b} reads the user state', () => {
    const now = () => new Date(2026, 0, 2, 3, 4, 5);
    expect(resolveDefault('${new Date()}', {}, now)).toBe('2026-01-02 03:04:05');
    expect(resolveDefault('${user.name}', { user: { name: '张三' } })).toBe('张三');
    expect(resolveDefault('${user.officeDTO.id}', { user: { officeDTO: { id: 'o1' } } })).toBe('o1');
    expect(resolveDefault('plain', {})).toBe('plain');
  });
});
