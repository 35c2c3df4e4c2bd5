import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProcessCase } from '../../../api/types';
import { designerApi } from '../../save/api';
import { procTestApi } from './api';
import { filled } from './cases';
import { NS } from './messages';

export interface VersionCasesProps {
  modelId: string;
  /** The cases a deployed version was published with, to edit as the draft. */
  onLoad: (cases: ProcessCase[], version: number) => void;
}

/** Cases are versioned with the model: each deployed version keeps those it was published with. */
export function VersionCases({ modelId, onLoad }: VersionCasesProps) {
  const { t } = useTranslation(NS);
  const [latest, setLatest] = useState(0);
  // asked each time the list opens: a publication in this session adds a version
  const refresh = (open: boolean) => {
    if (open) void designerApi.editorJson(modelId).then((m) => setLatest(m.procDef?.version ?? 0));
  };
  const load = async (version: number) => onLoad(((await procTestApi.load(modelId, { version })).cases ?? []).map(filled), version);
  return (
    <Select<number>
      style={{ width: 190 }}
      value={null}
      placeholder={t('versions.placeholder')}
      notFoundContent={t('versions.none')}
      onOpenChange={refresh}
      options={Array.from({ length: latest }, (_, i) => latest - i).map((v) => ({ value: v, label: t('versions.label', { version: v }) }))}
      onSelect={(v: number) => void load(v)}
      data-field="proctest-version"
    />
  );
}
