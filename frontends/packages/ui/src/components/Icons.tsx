import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Input, Modal, Space, Spin, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadAntdIcons, loadFaIcons, type AntdIconEntry } from '../core/icons';
import { MenuIcon } from '../core/MenuIcon';

const PAGE = 600;

function IconGrid({ items, render, onPick, filter }: { items: string[]; render: (name: string) => ReactNode; onPick: (name: string) => void; filter: string }) {
  const [limit, setLimit] = useState(PAGE);
  const shown = useMemo(() => (filter ? items.filter((n) => n.toLowerCase().includes(filter.toLowerCase())) : items), [items, filter]);
  useEffect(() => setLimit(PAGE), [filter]);
  if (shown.length === 0) return <Empty />;
  return (
    <div>
      <div className="loom-icon-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 8 }}>
        {shown.slice(0, limit).map((name) => (
          <Tooltip key={name} title={name} mouseEnterDelay={0.6}>
            <button
              type="button"
              className="loom-icon-cell"
              data-icon={name}
              onClick={() => onPick(name)}
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 6,
                padding: '10px 4px',
                border: '1px solid #f0f0f0',
                borderRadius: 6,
                background: 'transparent',
                cursor: 'pointer',
                overflow: 'hidden',
              }}
            >
              <span style={{ fontSize: 22 }}>{render(name)}</span>
              <span style={{ fontSize: 11, color: '#666', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
            </button>
          </Tooltip>
        ))}
      </div>
      {shown.length > limit ? (
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          <Button onClick={() => setLimit((l) => l + PAGE)}>
            {limit} / {shown.length} …
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export interface IconCatalogueProps {
  /** Called with the class name (Font Awesome) or component name (antd) of the clicked icon. */
  onPick: (name: string) => void;
}

/** Two tabs of icons, antd and Font Awesome (bundled), with a search box. */
export function IconCatalogue({ onPick }: IconCatalogueProps) {
  const { t } = useTranslation('ui');
  const [antd, setAntd] = useState<AntdIconEntry[] | null>(null);
  const [fa, setFa] = useState<string[] | null>(null);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    void loadAntdIcons().then(setAntd);
    void loadFaIcons().then(setFa);
  }, []);
  const antdMap = useMemo(() => new Map((antd ?? []).map((e) => [e.name, e.Icon])), [antd]);
  return (
    <div className="loom-icon-catalogue">
      <Input.Search allowClear placeholder={t('iconSearch')} onChange={(e) => setFilter(e.target.value)} style={{ maxWidth: 320, marginBottom: 12 }} />
      <Tabs
        items={[
          {
            key: 'antd',
            label: t('antdIcons'),
            children: antd ? (
              <IconGrid
                items={antd.map((e) => e.name)}
                filter={filter}
                onPick={onPick}
                render={(name) => {
                  const C = antdMap.get(name);
                  return C ? <C /> : null;
                }}
              />
            ) : (
              <Spin />
            ),
          },
          {
            key: 'fa',
            label: t('faIcons'),
            children: fa ? <IconGrid items={fa} filter={filter} onPick={onPick} render={(name) => <i className={name} />} /> : <Spin />,
          },
        ]}
      />
    </div>
  );
}

export interface IconPickerProps {
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** A form field: an input with the chosen icon and a button opening the catalogue. */
export function IconPicker({ value, onChange, disabled, placeholder }: IconPickerProps) {
  const { t } = useTranslation('ui');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={value ?? ''}
          disabled={disabled}
          placeholder={placeholder}
          prefix={value ? <MenuIcon icon={value} /> : undefined}
          onChange={(e) => onChange?.(e.target.value)}
          allowClear
        />
        <Button disabled={disabled} onClick={() => setOpen(true)} data-action="pick-icon">
          {t('iconPickerTitle')}
        </Button>
      </Space.Compact>
      <Modal open={open} title={t('iconPickerTitle')} width={1000} footer={null} maskClosable={false} onCancel={() => setOpen(false)} destroyOnHidden>
        <div style={{ maxHeight: 560, overflow: 'auto' }}>
          <IconCatalogue
            onPick={(name) => {
              onChange?.(name);
              setOpen(false);
            }}
          />
        </div>
      </Modal>
    </>
  );
}
