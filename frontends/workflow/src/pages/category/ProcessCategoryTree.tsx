import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryTree } from '@loom/ui';
import '../../locales/designer';
import { CATEGORY_P, categoryService, type ActCategory } from './service';

/**
 * The process-category sidebar of the model and definition lists (@loom/ui's CategoryTree):
 * 全部分类 on top, then the categories; choosing one filters the list by its name.
 */
export function ProcessCategoryTree(props: { value: string | null; onChange: (name: string | null) => void }) {
  const { t } = useTranslation('designer');
  return (
    <CategoryTree<ActCategory>
      resource={categoryService}
      value={props.value}
      keyOf={(c) => c.name}
      onChange={(name) => props.onChange(name)}
      entity={t('category.entity')}
      allLabel={t('category.root')}
      permissions={CATEGORY_P}
    />
  );
}

/** Category names as tree-select data (value = name). */
export interface CategoryOption {
  value: string;
  title: string;
  children?: CategoryOption[];
}

export function useCategoryOptions(): CategoryOption[] {
  const [tree, setTree] = useState<ActCategory[]>([]);
  useEffect(() => {
    categoryService.treeData().then(setTree, () => setTree([]));
  }, []);
  const map = (l: ActCategory[]): CategoryOption[] => l.map((c) => ({ value: c.name, title: c.name, children: map(c.children ?? []) }));
  return map(tree);
}
