/**
 * 新增通知 / 编辑通知 in a drawer: title, type, target area (the editor's and below), enterprises
 * (none: every enterprise there), body (plain text, blank lines part paragraphs), attachments
 * (uploaded at once, attached on save), 草稿 or 发布. A refusal keeps the drawer open.
 */
import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import { useMemo } from 'react';
import { FormDialog, type Field, optionsOf } from '../../components/desk';
import { type Attached, FileUpload } from '../../components/uploads';
import { fetchEnterprises, fetchNotice, saveNotice } from './service';
import type { NoticeRow } from './types';

export const NOTICE_TYPES: Record<number, string> = { 1: '通知', 2: '政策法规', 3: '工作动态' };
export const NOTICE_STATES: Record<number, string> = { 0: '草稿', 1: '已发布' };

interface Values {
  title: string;
  type: string;
  areaId: string;
  brandIds?: string[];
  body?: string;
  attachments?: Attached[];
  state: string;
}

export function noticeFields(brands: { value: string; label: string }[], brandsLoading: boolean): Field[] {
  return [
    {
      name: 'title',
      label: '标题',
      type: 'input',
      required: true,
      rules: [
        { max: 100, message: '标题最多 100 个字' },
        { whitespace: true, message: '请输入标题' },
      ],
    },
    { name: 'type', label: '类型', type: 'select', required: true, options: optionsOf(NOTICE_TYPES) },
    { name: 'areaId', label: '发布范围', type: 'area', required: true, extra: '该区域及下级区域的企业可见' },
    { name: 'brandIds', label: '指定企业', type: 'select', multiple: true, options: brands, loading: brandsLoading, placeholder: '不选则发给范围内全部企业' },
    {
      name: 'body',
      label: '正文',
      type: 'custom',
      rules: [{ max: 20000, message: '正文最多 20000 个字' }],
      render: (p) => (
        <Input.TextArea
          id={p.id}
          value={p.value as string}
          onChange={(e) => p.onChange?.(e.target.value)}
          rows={10}
          showCount
          maxLength={20000}
          placeholder="纯文本，空一行分段"
        />
      ),
    },
    { name: 'attachments', label: '附件', type: 'custom', render: (p) => <FileUpload {...p} value={p.value as Attached[]} purpose="notice" /> },
    {
      name: 'state',
      label: '状态',
      type: 'select',
      required: true,
      options: [
        { value: '1', label: '立即发布' },
        { value: '0', label: '存为草稿' },
      ],
    },
  ];
}

interface Props {
  /** the notice being edited, 'new', or null (closed) */
  editing: NoticeRow | 'new' | null;
  areaId?: string;
  onClose: () => void;
  onSaved: () => unknown;
}

export default function NoticeForm({ editing, areaId, onClose, onSaved }: Props) {
  const row = editing === 'new' ? null : editing;
  const brands = useQuery({ queryKey: ['inforManagement', 'enterprises'], queryFn: fetchEnterprises, enabled: editing !== null, staleTime: 60_000 });
  // 编辑时取正文与附件
  const detail = useQuery({ queryKey: ['inforManagement', 'notice', row?.id], queryFn: () => fetchNotice(row!.id), enabled: !!row });
  const fields = useMemo(
    () =>
      noticeFields(
        (brands.data ?? []).map((b) => ({ value: String(b.brandId), label: b.brandName })),
        brands.isLoading,
      ),
    [brands.data, brands.isLoading],
  );
  const initial: Partial<Values> | undefined = row
    ? detail.data && {
        title: detail.data.title,
        type: String(detail.data.type),
        areaId: detail.data.areaId,
        brandIds: detail.data.brandIds.map(String),
        body: detail.data.body,
        attachments: detail.data.attachments.map((a) => ({ url: a.url, name: a.name, type: a.type })),
        state: String(detail.data.state),
      }
    : { type: '1', areaId, state: '1', attachments: [], brandIds: [] };

  const submit = async (v: Values) => {
    await saveNotice({
      id: row?.id,
      title: v.title.trim(),
      type: Number(v.type),
      areaId: v.areaId,
      brandIds: (v.brandIds ?? []).map(Number),
      body: v.body ?? '',
      attachments: (v.attachments ?? []).map((a) => a.url),
      state: Number(v.state),
    });
    await onSaved();
  };

  return (
    <FormDialog<Values>
      key={row ? `${row.id}-${detail.data ? 'ready' : 'loading'}` : 'new'}
      open={editing !== null && (!row || !!detail.data)}
      drawer
      width={640}
      title={row ? '编辑通知' : '新增通知'}
      fields={fields}
      initialValues={initial}
      success="通知已保存"
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
