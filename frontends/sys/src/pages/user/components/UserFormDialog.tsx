import { useEffect, useState } from 'react';
import { Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormDialog, http, LoomTreeSelect, PickerField, type FormMode } from '@loom/ui';
import { userService } from '../service';
import type { User, UserForm } from '../types';
import { requiredRule } from '../../../shared/fields';
import type { OfficeNode } from '../../../api/types';

export interface UserFormDialogProps {
  open: boolean;
  mode: FormMode;
  id?: string;
  /** Company and department chosen in the tree (defaults of a new user). */
  defaults?: { companyId?: string; officeId?: string };
  onClose: () => void;
  onSaved: () => void;
}

function toForm(u: User): Partial<UserForm> {
  return { ...u, companyId: u.companyDTO?.id, officeId: u.officeDTO?.id, password: '', confirmPassword: '', oldLoginName: u.loginName };
}

function toBody(v: UserForm): Record<string, unknown> {
  const { companyId, officeId, confirmPassword: _c, companyDTO: _cd, officeDTO: _od, roleNames: _rn, oldLoginName: _o, ...rest } = v;
  const body: Record<string, unknown> = { ...rest, companyDTO: { id: companyId ?? '' }, officeDTO: { id: officeId ?? '' } };
  if (!v.password) delete body.password;
  return body;
}

/** The departments one may choose: all of them, or those whose nearest company is `companyId`. */
function departmentsUnder(nodes: OfficeNode[], companyId: string | undefined, inside = !companyId): number {
  let n = 0;
  for (const o of nodes) {
    const here = o.type === '1' ? !companyId || o.id === companyId : inside;
    if (here && o.type !== '1' && !o.disabled) n += 1;
    n += departmentsUnder(o.children ?? [], companyId, here);
  }
  return n;
}

/**
 * A user must belong to a department; on a platform (or in a company) without one, the department
 * field says so and leads to 机构管理, instead of the save failing with 归属部门不能为空.
 */
function useMissingDepartment(open: boolean, companyId: string | undefined): 'none' | 'inCompany' | null {
  const [tree, setTree] = useState<OfficeNode[] | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    http.get<OfficeNode[]>('/sys/office/treeData', { type: '2' }).then(
      (t) => live && setTree(t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open]);
  if (!tree) return null;
  if (departmentsUnder(tree, undefined) === 0) return 'none';
  return companyId && departmentsUnder(tree, companyId) === 0 ? 'inCompany' : null;
}

/** Add / edit / view a user: organisation, login, contact, status, roles and posts. */
export function UserFormDialog({ open, mode, id, defaults, onClose, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation('sys');
  const [form] = Form.useForm<UserForm>();
  const navigate = useNavigate();
  const companyId = Form.useWatch('companyId', form) as string | undefined;
  const missing = useMissingDepartment(open && mode !== 'view', companyId);
  const span = 12;
  const departmentHint = missing && (
    <span className="loom-user-no-department" data-hint="no-department">
      {t(missing === 'none' ? 'user.noDepartment' : 'user.noDepartmentInCompany')}{' '}
      <a
        data-action="open-offices"
        onClick={() => {
          onClose();
          navigate('/sys/office/OfficeList');
        }}
      >
        {t('user.openOffices')}
      </a>
    </span>
  );
  return (
    <FormDialog<UserForm>
      form={form}
      open={open}
      mode={mode}
      name={t('user.entity')}
      width={960}
      initialValues={{ loginFlag: '1', roleIdList: [], postIdList: [], companyId: defaults?.companyId, officeId: defaults?.officeId }}
      load={async () => toForm(await userService.queryById(id ?? ''))}
      onSubmit={(v) => userService.save(toBody(v))}
      onSaved={onSaved}
      onClose={onClose}
      formProps={{ labelCol: { span: 7 }, wrapperCol: { span: 16 } }}
    >
      {({ mode: m }) => (
        <Row>
          <Col span={span}>
            <Form.Item name="companyId" label={t('user.company')} rules={[requiredRule(t, t('user.company'))]}>
              <LoomTreeSelect url="/sys/office/treeData" params={{ type: '1' }} fieldNames={{ label: 'name' }} isDisabled={(n) => n.type !== '1'} disabled={m === 'view'} />
            </Form.Item>
          </Col>
          <Col span={span}>
            <Form.Item name="officeId" label={t('user.office')} rules={[requiredRule(t, t('user.office'))]} extra={departmentHint || undefined}>
              <LoomTreeSelect url="/sys/office/treeData" params={{ type: '2' }} fieldNames={{ label: 'name' }} disabled={m === 'view'} />
            </Form.Item>
          </Col>
          <Col span={span}>
            <Form.Item
              name="loginName"
              label={t('user.loginName')}
              rules={[
                requiredRule(t, t('user.loginName')),
                { max: 100 },
                {
                  validator: async (_r, value: string) => {
                    if (!value) return;
                    const old = form.getFieldValue('id') ? (form.getFieldValue('oldLoginName') as string | undefined) : undefined;
                    const free = await userService.loginNameFree(value, old).catch(() => true);
                    if (free === false) throw new Error(t('user.loginNameTaken'));
                  },
                },
              ]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={span}>
            <Form.Item name="name" label={t('user.name')} rules={[requiredRule(t, t('user.name')), { max: 100 }]}>
              <Input />
            </Form.Item>
          </Col>
          {m !== 'view' ? (
            <>
              <Col span={span}>
                <Form.Item
                  name="password"
                  label={t('user.password')}
                  extra={m === 'edit' ? t('user.passwordHint') : undefined}
                  rules={[...(m === 'add' ? [requiredRule(t, t('user.password'))] : []), { min: 6, max: 50 }]}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col span={span}>
                <Form.Item
                  name="confirmPassword"
                  label={t('user.confirmPassword')}
                  dependencies={['password']}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: async (_r, value: string) => {
                        if ((getFieldValue('password') ?? '') !== (value ?? '')) throw new Error(t('user.passwordMismatch'));
                      },
                    }),
                  ]}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
          ) : null}
          <Col span={span}>
            <Form.Item name="no" label={t('user.no')} rules={[{ max: 100 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={span}>
            <Form.Item name="email" label={t('user.email')} rules={[{ type: 'email' }, { max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={span}>
            <Form.Item name="phone" label={t('user.phone')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={span}>
            <Form.Item name="mobile" label={t('user.mobile')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={span}>
            <Form.Item name="loginFlag" label={t('user.loginFlag')}>
              <Radio.Group>
                <Radio value="1">{t('user.normal')}</Radio>
                <Radio value="0">{t('user.disabled')}</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="roleIdList" label={t('user.roles')} labelCol={{ span: 3 }} wrapperCol={{ span: 20 }}>
              <PickerField kind="role" disabled={m === 'view'} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="postIdList" label={t('user.posts')} labelCol={{ span: 3 }} wrapperCol={{ span: 20 }}>
              <PickerField kind="post" disabled={m === 'view'} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remarks" label={t('common.remarks')} labelCol={{ span: 3 }} wrapperCol={{ span: 20 }}>
              <Input.TextArea rows={2} maxLength={255} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </FormDialog>
  );
}
