/**
 * 考核设置 · 考核类别: the area's categories (投放管理 20, 秩序管理 30 …), each with its full score (the
 * most its rules may take together) and order. With 考核规则设置 (rating.edit) 新增 / 编辑 / 删除 (a
 * category still holding rules is refused with the count).
 */
import { CrudTab, type CrudForm, defineCrud } from '../../../components/desk';
import { deleteCategory, fetchCategories, saveCategory } from './service';
import { SCHEME_KEYS, onePage } from './shared';
import type { Category } from './types';

interface Values {
  name: string;
  fullScore: number;
  sort?: number;
}

const form: CrudForm<Category, Values> = {
  noun: '考核类别',
  rulesOf: '/api/examine/category/upsert',
  useFields: () => [
    { name: 'name', label: '类别名称', type: 'input', required: true, placeholder: '如：秩序管理' },
    { name: 'fullScore', label: '满分', type: 'number', required: true, extra: '本类各项合计最多扣的分；各类别满分之和应等于基础分' },
    { name: 'sort', label: '排序', type: 'number', extra: '小的在前' },
  ],
  initial: (c) => (c ? { name: c.name, fullScore: c.fullScore, sort: c.sort } : { sort: 0 }),
  save: (v, c, areaId) =>
    saveCategory({ ...(c ? { id: c.id } : { areaId }), selfAreaId: areaId, name: v.name.trim(), fullScore: v.fullScore, sort: v.sort ?? 0 }),
};

const spec = defineCrud<Category, 'selfAreaId', Values>({
  key: 'rateCategories',
  rowKey: 'id',
  areaFilter: true,
  filters: [],
  pageSize: 50,
  list: async (q) => onePage(await fetchCategories({ selfAreaId: q.selfAreaId })),
  columns: [
    { title: '类别名称', dataIndex: 'name', width: 220 },
    { title: '满分', dataIndex: 'fullScore', width: 120, align: 'right' },
    { title: '排序', dataIndex: 'sort', width: 100, align: 'right' },
    { title: '规则数', dataIndex: 'rules', width: 120, align: 'right' },
  ],
  actionsWidth: 110,
  form,
  remove: { call: (c) => deleteCategory(c.id), what: (c) => `考核类别“${c.name}”`, success: '考核类别已删除' },
  permissions: { edit: 'rating.edit' },
  refreshes: SCHEME_KEYS,
});

export default function CategoriesTab() {
  return <CrudTab spec={spec} />;
}
