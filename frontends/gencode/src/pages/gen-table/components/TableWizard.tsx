import { Alert, Button, Modal, Space, Spin, Steps, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { GenColumn } from '../types';
import { STEP_COUNT } from '../rules';
import { PropertyPicker } from './PropertyPicker';
import { GridSelectDrawer } from './GridSelectDrawer';
import { stepColumns } from './wizard/stepColumns';
import { TableForm } from './wizard/TableForm';
import { useTableWizard, type TableWizardProps } from './wizard/useTableWizard';

export type { TableWizardProps } from './wizard/useTableWizard';

/**
 * The table design wizard (full screen; add, edit, view): 1 database table, 2 Java entity,
 * 3 form page, 4 form validation, 5 list page. Forward only when the current step validates.
 */
export function TableWizard(props: TableWizardProps) {
  const w = useTableWizard(props);
  const { t, mode, step, setStep, error, setError, readOnly, loading, saving, rows, picker, setPicker, grid, setGrid, update, next, prev, confirm, addColumn } = w;
  const columns = stepColumns(w);
  const title = t(mode === 'add' ? 'wizard.addTitle' : mode === 'edit' ? 'wizard.editTitle' : 'wizard.viewTitle');
  const steps = [t('wizard.step1'), t('wizard.step2'), t('wizard.step3'), t('wizard.step4'), t('wizard.step5')];

  return (
    <Modal
      open={props.open}
      title={title}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0, margin: 0 }}
      styles={{ body: { height: 'calc(100vh - 120px)', overflow: 'auto' } }}
      maskClosable={false}
      destroyOnHidden
      onCancel={props.onClose}
      className="loom-table-wizard"
      footer={
        <Space>
          <Button disabled={step === 0} onClick={prev} data-action="prev">
            {t('wizard.prev')}
          </Button>
          <Button disabled={step === STEP_COUNT - 1} onClick={() => void next()} data-action="next">
            {t('wizard.next')}
          </Button>
          <Button onClick={props.onClose} data-action="close">
            {t('common.close')}
          </Button>
          {!readOnly ? (
            <Button type="primary" disabled={step !== STEP_COUNT - 1} loading={saving} onClick={() => void confirm()} data-action="confirm">
              {t('common.confirm')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Steps current={step} items={steps.map((s) => ({ title: s }))} style={{ marginBottom: 16 }} onChange={(s) => (s < step ? (setError(null), setStep(s)) : undefined)} />
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} className="loom-wizard-error" closable onClose={() => setError(null)} /> : null}
        <div style={{ display: step === 0 ? 'block' : 'none' }}>
          <TableForm w={w} />
        </div>
        {step === 0 && !readOnly ? (
          <Button size="small" icon={<PlusOutlined />} onClick={addColumn} style={{ marginBottom: 8 }} data-action="add-column">
            {t('wizard.addColumn')}
          </Button>
        ) : null}
        <Table<GenColumn>
          size="small"
          bordered
          rowKey={(c) => String(c._key ?? c.id)}
          dataSource={rows}
          columns={columns[step] ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          className={`loom-wizard-columns loom-wizard-step-${step}`}
        />
      </Spin>
      <PropertyPicker
        open={!!picker}
        javaType={picker?.javaType ?? ''}
        javaField={picker?.javaField ?? ''}
        onCancel={() => setPicker(null)}
        onOk={(javaField) => {
          update(picker?._key, { javaField });
          setPicker(null);
        }}
      />
      <GridSelectDrawer
        open={!!grid}
        column={grid}
        disabled={readOnly}
        onClose={() => setGrid(null)}
        onOk={(v) => {
          update(grid?._key, v);
          setGrid(null);
        }}
      />
    </Modal>
  );
}
