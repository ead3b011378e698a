/**
 * 米单车管理 · 站点申请 (#/miBicycle/site, issue 29 point 1): the sites maintainers and enterprises'
 * applicants propose in the field app, with their place and photos. The detail drawer shows the
 * place on a small map (a plain background when no tiles are configured) and the photos; 通过 opens
 * the sites page's 新增站点 dialog prefilled from the application (name, place, capacity, piles; all
 * editable, the map picker beside them) and builds the site; 驳回 asks the reason the applicant reads
 * in the field app. Both need 巡检与匹配规则 (107); 通过 also 站点编辑 (103). The home to-do 站点申请
 * (siteApplyPend) opens it at state=0: its figure is this list's total, refreshed after a decision.
 * 导出驳回记录: the rejected ones of the list's filters, as .xlsx.
 */
import { Button, Descriptions, Drawer, Space, Spin, Tag } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useSession } from '../../../app/session/store';
import { type CrudAsk, type CrudForm, type CrudKit, CrudTab, defineCrud, ExportButton, optionsOf, brandFilter, useAreaBrands } from '../../../components/desk';
import { Photos } from '../../../components/uploads';
import { can } from '../../../lib/permission';
import { newSiteValues, siteBody } from '../../deviceManagement/siteFields';
import { siteForm, type SiteValues } from '../../deviceManagement/siteForm';
import type { SiteRow } from '../../deviceManagement/types';
import { approveApply, exportRejects, fetchApplies, rejectApply } from './service';
import type { Apply, ApplyFilters, ApplyKey } from './types';

const DeskMap = lazy(() => import('../../../components/deskMap/DeskMap'));

const STATES: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };
const STATE_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default' };
const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** 通过: the sites page's 新增站点 dialog (fields and map picker), its values from the application; saving builds the site and approves. */
const approveForm: CrudForm<Apply, SiteValues> = {
  noun: '站点',
  title: (a) => `通过申请：新建站点（${a?.name ?? ''}）`,
  addLabel: null,
  updated: '申请已通过，站点已新建',
  dialog: siteForm.dialog,
  rulesOf: '/api/miApp/siteApply/approve',
  // the dialog builds a new site: the form's hooks see no site row
  useFields: function useApproveFields(_a, form, ctx) {
    return siteForm.useFields(null, form, { ...ctx, rows: [] });
  },
  // the picker's first view is the proposed place (the picker starts at a site's centre; the proposal stands in for one)
  useAside: function useApproveAside(a, form, ctx) {
    const start = a ? ({ siteId: '', siteLon: a.lon, siteLat: a.lat } as SiteRow) : null;
    return siteForm.useAside?.(start, form, { ...ctx, rows: [] });
  },
  initial: (a) => ({
    ...newSiteValues(useSession.getState().areaAll, a?.areaId),
    siteName: a?.name ?? '',
    siteLon: a?.lon,
    siteLat: a?.lat,
    siteBikeCeiling: a?.capacity,
    ...(a?.piles !== null && a?.piles !== undefined ? { bleNum: a.piles } : {}),
    ring: null,
  }),
  save: (v, a) => approveApply({ id: a!.id, ...siteBody(v, v.ring), siteId: v.siteId?.trim() || undefined }),
};

const reject: CrudAsk<Apply> = {
  label: '驳回',
  on: (a) => a.state === 0,
  title: (a) => `驳回站点申请（${a?.name ?? ''}）`,
  initial: (a) => ({ name: a?.name ?? '', applicantName: a?.applicantName ?? '', reason: '' }),
  fields: [
    { name: 'name', label: '站点名称', type: 'display' },
    { name: 'applicantName', label: '申请人', type: 'display' },
    { name: 'reason', label: '驳回理由', type: 'textarea', required: true, placeholder: '将告知申请人，如：距离已有站点不足 50 米' },
  ],
  rulesOf: '/api/miApp/siteApply/reject',
  save: (v, [id]) => rejectApply(Number(id), String(v.reason ?? '').trim()),
  success: '申请已驳回',
  okText: '驳回',
};

/** The application's drawer: its fields, its place on a small map, its photos; 通过 / 驳回 while pending. */
function Detail({ apply: a, kit, onClose, canApprove }: { apply: Apply | null; kit: CrudKit<Apply>; onClose: () => void; canApprove: boolean }) {
  const pending = !!a && a.state === 0 && kit.canEdit;
  return (
    <Drawer
      open={!!a}
      onClose={onClose}
      size={720}
      title={a ? `站点申请 ${a.id} · ${a.name}` : '站点申请'}
      destroyOnHidden
      extra={
        pending && (
          <Space>
            <Button
              onClick={() => {
                onClose();
                kit.ask('reject', a);
              }}
            >
              驳回
            </Button>
            <Button
              type="primary"
              disabled={!canApprove}
              title={canApprove ? undefined : '通过会新建站点，需要“站点编辑”权限'}
              onClick={() => {
                onClose();
                kit.edit(a);
              }}
            >
              通过
            </Button>
          </Space>
        )
      }
    >
      {a && (
        <div className="mi-apply-detail" data-testid="apply-detail">
          <Descriptions
            column={2}
            size="small"
            bordered
            items={[
              { key: 'state', label: '状态', children: <Tag color={STATE_COLORS[a.state]}>{a.stateName}</Tag> },
              { key: 'at', label: '申请时间', children: a.at },
              { key: 'who', label: '申请人', children: a.applicantName },
              { key: 'brand', label: '企业', children: dash(a.brandName) },
              { key: 'area', label: '区域', children: a.areaName },
              { key: 'pos', label: '位置', children: `${a.lon.toFixed(6)}, ${a.lat.toFixed(6)}` },
              { key: 'capacity', label: '建议容量', children: `${a.capacity} 辆` },
              { key: 'piles', label: '建议桩数', children: a.piles === null ? '—' : `${a.piles} 个` },
              { key: 'reason', label: '申请理由', children: a.reason, span: 2 },
              ...(a.state === 0
                ? []
                : [
                    { key: 'decider', label: '审核', children: `${dash(a.deciderName)} ${dash(a.decidedAt)}`, span: 2 },
                    a.state === 1
                      ? { key: 'site', label: '建成站点', children: dash(a.siteId), span: 2 }
                      : { key: 'rr', label: '驳回理由', children: dash(a.rejectReason), span: 2 },
                  ]),
            ]}
          />
          <h4 style={{ margin: '16px 0 8px' }}>位置</h4>
          <Suspense fallback={<Spin />}>
            <DeskMap areaId={a.areaId} center={{ lon: a.lon, lat: a.lat }} point={{ lon: a.lon, lat: a.lat }} zoom={17} height={260} />
          </Suspense>
          <h4 style={{ margin: '16px 0 8px' }}>照片</h4>
          <Photos urls={a.photos} alt="申请照片" width={120} />
        </div>
      )}
    </Drawer>
  );
}

export default function SiteApplyTab() {
  const brands = useAreaBrands();
  const canApprove = useSession((s) => can(s.permissions, 'site.edit'));
  const spec = useMemo(
    () =>
      defineCrud<Apply, ApplyKey, SiteValues>({
        key: 'miSiteApply',
        rowKey: 'id',
        list: fetchApplies,
        areaFilter: true,
        permissions: { edit: 'miBicycle.edit' },
        filters: [
          { name: 'state', label: '状态', type: 'select', options: optionsOf(STATES) },
          { name: 'keyword', label: '站点名称', type: 'input' },
          brandFilter(brands),
          { name: 'startTime', names: ['startTime', 'endTime'], label: '申请日期', type: 'dateRange' },
        ],
        columns: (kit) => [
          {
            title: '编号',
            dataIndex: 'id',
            width: 80,
            render: (id: number, a: Apply) => (
              <Button type="link" size="small" onClick={() => kit.show(a)} aria-label={`站点申请 ${id}`}>
                {id}
              </Button>
            ),
          },
          { title: '站点名称', dataIndex: 'name', width: 160, ellipsis: true },
          { title: '申请时间', dataIndex: 'at', width: 170 },
          { title: '申请人', dataIndex: 'applicantName', width: 110 },
          { title: '企业', dataIndex: 'brandName', width: 100, render: dash },
          { title: '区域', dataIndex: 'areaName', width: 100 },
          { title: '容量/桩数', key: 'cap', width: 100, render: (_: unknown, a: Apply) => `${a.capacity} / ${a.piles ?? '—'}` },
          { title: '申请理由', dataIndex: 'reason', width: 220, ellipsis: true },
          { title: '照片', dataIndex: 'photos', width: 150, render: (p: string[]) => <Photos urls={p} alt="申请照片" width={44} /> },
          { title: '状态', dataIndex: 'state', width: 90, render: (s: number) => <Tag color={STATE_COLORS[s]}>{STATES[s]}</Tag> },
          {
            title: '审核结果',
            key: 'decided',
            width: 220,
            ellipsis: true,
            render: (_: unknown, a: Apply) =>
              a.state === 0 ? '—' : a.state === 1 ? `站点 ${a.siteId ?? ''}（${dash(a.deciderName)}）` : `${dash(a.rejectReason)}（${dash(a.deciderName)}）`,
          },
        ],
        actionsWidth: 170,
        form: approveForm,
        actions: (a, kit) => [
          { label: '详情', onClick: () => kit.show(a) },
          { label: '通过', hidden: !kit.canEdit || !canApprove || a.state !== 0, onClick: () => kit.edit(a) },
          kit.askAction('reject', a),
        ],
        asks: { reject },
        detail: (a, close, kit) => <Detail apply={a} kit={kit} onClose={close} canApprove={canApprove} />,
        toolbarRight: (kit) => <ExportButton label="导出驳回记录" run={() => exportRejects(kit.filters as ApplyFilters)} />,
        // the home to-do count (站点申请), the sites and the big screen's map follow
        refreshes: [['home', 'pend'], ['home', 'dashboard'], ['home', 'init'], ['sites']],
      }),
    [brands, canApprove],
  );
  return <CrudTab spec={spec} />;
}
