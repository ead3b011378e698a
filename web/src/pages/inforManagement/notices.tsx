/**
 * The publisher's list: notices aimed at the user's area and below, filtered by title, type, state
 * and publishing date (in the URL); 新增 / 编辑 / 删除 with 信息发布, 查看 shows who has read. The
 * drawer: title, type, target area (the editor's and below), enterprises (none: every enterprise
 * there), body (plain text, blank lines part paragraphs), attachments (uploaded at once, attached on
 * save), 草稿 or 发布; editing loads the notice's body and attachments first.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { type CrudForm, CrudTab, type Field, defineCrud, optionsOf } from '../../components/desk';
import { type Attached, FileUpload } from '../../components/uploads';
import NoticeDetail from './NoticeDetail';
import { deleteNotice, fetchEnterprises, fetchNotice, fetchNotices, saveNotice } from './service';
import type { NoticeBody, NoticeKey, NoticeRow } from './types';

export const NOTICE_TYPES: Record<number, string> = { 1: '通知', 2: '政策法规', 3: '工作动态' };
const NOTICE_STATES: Record<number, string> = { 0: '草稿', 1: '已发布' };

/** The body of information/add as the drawer holds it: picked values as strings, attachments as uploaded. */
type Values = Omit<NoticeBody, 'type' | 'state' | 'brandIds' | 'attachments'> & { type: string; state: string; brandIds?: string[]; attachments?: Attached[] };

function useNoticeFields(): Field[] {
  const brands = useQuery({ queryKey: ['inforManagement', 'enterprises'], queryFn: fetchEnterprises, staleTime: 60_000 });
  return useMemo(
    () => [
      { name: 'title', label: '标题', type: 'input', required: true, rules: [{ whitespace: true, message: '请输入标题' }] },
      { name: 'type', label: '类型', type: 'select', required: true, options: optionsOf(NOTICE_TYPES) },
      { name: 'areaId', label: '发布范围', type: 'area', required: true, extra: '该区域及下级区域的企业可见' },
      {
        name: 'brandIds',
        label: '指定企业',
        type: 'select',
        multiple: true,
        options: (brands.data ?? []).map((b) => ({ value: String(b.brandId), label: b.brandName })),
        loading: brands.isLoading,
        placeholder: '不选则发给范围内全部企业',
      },
      {
        name: 'body',
        label: '正文',
        type: 'custom',
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
    ],
    [brands.data, brands.isLoading],
  );
}

const noticeForm: CrudForm<NoticeRow, Values> = {
  noun: '通知',
  created: '通知已保存',
  updated: '通知已保存',
  rulesOf: '/api/information/add',
  useFields: useNoticeFields,
  initial: (_, areaId) => ({ type: '1', areaId, state: '1', attachments: [], brandIds: [] }),
  // the list has no body or attachments: 编辑 takes them from the notice
  load: (n) =>
    fetchNotice(n.id).then((d) => ({
      title: d.title,
      type: String(d.type),
      areaId: d.areaId,
      brandIds: d.brandIds.map(String),
      body: d.body,
      attachments: d.attachments.map((a) => ({ url: a.url, name: a.name, type: a.type })),
      state: String(d.state),
    })),
  save: (v, n) =>
    saveNotice({
      id: n?.id,
      title: v.title.trim(),
      type: Number(v.type),
      areaId: v.areaId,
      brandIds: (v.brandIds ?? []).map(Number),
      body: v.body ?? '',
      attachments: (v.attachments ?? []).map((a) => a.url),
      state: Number(v.state),
    }),
  dialog: { drawer: true, width: 640 },
};

const noticesSpec = (viewing: number | null, view: (id: number | null) => void) =>
  defineCrud<NoticeRow, NoticeKey, Values>({
    key: 'notices',
    rowKey: 'id',
    list: fetchNotices,
    areaFilter: true,
    filters: [
      { name: 'title', label: '标题', type: 'input' },
      { name: 'type', label: '类型', type: 'select', options: optionsOf(NOTICE_TYPES) },
      { name: 'state', label: '状态', type: 'select', options: optionsOf(NOTICE_STATES) },
      { name: 'startTime', label: '发布日期', type: 'dateRange', names: ['startTime', 'endTime'] },
    ],
    columns: [
      {
        title: '标题',
        dataIndex: 'title',
        ellipsis: true,
        width: 260,
        render: (t: string, n) => (
          <Button type="link" size="small" onClick={() => view(n.id)}>
            {t}
          </Button>
        ),
      },
      { title: '类型', dataIndex: 'typeName', width: 90 },
      { title: '发布范围', dataIndex: 'areaName', width: 100 },
      { title: '指定企业', key: 'brands', width: 140, ellipsis: true, render: (_, n) => n.brandNames.join('、') || '全部' },
      { title: '状态', dataIndex: 'state', width: 80, render: (s: number) => <Tag color={s === 1 ? 'green' : 'default'}>{NOTICE_STATES[s]}</Tag> },
      { title: '附件', dataIndex: 'attachmentCount', width: 60 },
      { title: '已读', dataIndex: 'readCount', width: 60 },
      { title: '发布人', dataIndex: 'publisherName', width: 100 },
      { title: '发布时间', key: 'time', width: 160, render: (_, n) => n.publishTime ?? '—' },
    ],
    actionsWidth: 150,
    actions: (n, kit) => [{ label: '查看', onClick: () => view(n.id) }, kit.editAction(n), kit.removeAction(n)],
    form: noticeForm,
    remove: { call: (n) => deleteNotice(n.id), what: (n) => `通知“${n.title}”`, success: '通知已删除' },
    // the drawer shows a notice as saved
    refreshes: [['inforManagement', 'notice']],
    permissions: { edit: 'information.edit' },
    extra: () => <NoticeDetail id={viewing} publisher onClose={() => view(null)} />,
  });

export default function NoticesTab() {
  const [viewing, setViewing] = useState<number | null>(null);
  const spec = useMemo(() => noticesSpec(viewing, setViewing), [viewing]);
  return <CrudTab spec={spec} />;
}
