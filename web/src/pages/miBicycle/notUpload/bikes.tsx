/**
 * 米单车管理 · 桩测未上传车辆 (#/miBicycle/notUpload): the bikes the piles heard whose operator sent
 * no report of them from 24 hours before they were heard, as the enterprises' MAC (the default) or
 * BLE-name rules read them; totals per enterprise above the list. 立即匹配 runs the rules now (the
 * server also runs them every hour), 清空 clears the list (of the enterprise filtered, else all in
 * the area), both after a confirmation. The matches are evidence for the operator's data access.
 */
import { Button, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { CrudTab, type CrudKit, defineCrud, useConfirm, brandFilter, useAreaBrands } from '../../../components/desk';
import { KIND_OPTIONS } from './rules';
import { clearNotUploaded, fetchNotUploaded, runMatch } from './service';
import type { BikeKey, KindText, NotUploaded, NotUploadedPage } from './types';

type Kit = CrudKit<NotUploaded, NotUploadedPage>;
const kindOf = (v: string | undefined): KindText => (v === '1' ? '1' : '2');

function Totals({ kit }: { kit: Kit }) {
  const brands = kit.data?.brands ?? [];
  return (
    <div className="nu-totals" data-testid="nu-totals" style={{ margin: '0 0 12px' }}>
      <Space wrap>
        <span>按企业合计：</span>
        {brands.length ? (
          brands.map((b) => (
            <Tag key={b.brandId} color="volcano" data-testid={`nu-total-${b.brandId}`}>
              {b.brandName} {b.count} 辆
            </Tag>
          ))
        ) : (
          <span style={{ color: '#888' }}>暂无未上传车辆</span>
        )}
      </Space>
    </div>
  );
}

function Tools({ kit }: { kit: Kit }) {
  const { confirm } = useConfirm();
  const kind = kindOf(kit.filters.kind);
  const what = kind === '1' ? '蓝牙名称规则' : 'MAC 规则';
  if (!kit.canEdit) return null;
  return (
    <Space>
      <Button
        type="primary"
        onClick={() =>
          confirm({
            content: `确定要按${what}立即匹配吗？将用规则匹配近 24 小时桩听到的设备，记录企业未上报的车辆。`,
            onOk: () => kit.run(() => runMatch(kind, kit.filters.selfAreaId), '匹配完成'),
          })
        }
      >
        立即匹配
      </Button>
      <Button
        danger
        onClick={() =>
          confirm({
            content: `确定要清空${kit.filters.brandId ? '所选企业' : '本区域'}按${what}匹配到的未上传车辆记录吗？清空后不可恢复。`,
            danger: true,
            onOk: () => kit.run(() => clearNotUploaded(kind, { selfAreaId: kit.filters.selfAreaId, brandId: kit.filters.brandId }), '已清空'),
          })
        }
      >
        清空
      </Button>
    </Space>
  );
}

export default function NotUploadTab() {
  const brands = useAreaBrands();
  const spec = useMemo(
    () =>
      defineCrud<NotUploaded, BikeKey, object, NotUploadedPage>({
        key: 'miNotUploaded',
        rowKey: 'id',
        list: fetchNotUploaded,
        areaFilter: true,
        permissions: { edit: 'miBicycle.edit' },
        filters: [
          { name: 'kind', label: '匹配方式', type: 'select', options: KIND_OPTIONS, placeholder: 'MAC 规则' },
          brandFilter(brands),
          { name: 'bikeId', label: '车辆编号', type: 'input' },
          { name: 'startTime', names: ['startTime', 'endTime'], label: '最后听到', type: 'dateRange' },
        ],
        columns: [
          { title: '企业', dataIndex: 'brandName', width: 100 },
          { title: '车辆编号', dataIndex: 'bikeId', width: 130 },
          { title: 'MAC', dataIndex: 'mac', width: 160 },
          { title: '蓝牙名称', dataIndex: 'name', width: 150, render: (v: string | null) => v ?? '—' },
          { title: '站点', dataIndex: 'siteName', ellipsis: true, render: (v: string | null, r: NotUploaded) => v ?? r.siteId },
          { title: '听到的桩', dataIndex: 'equipmentMac', width: 160, render: (v: string | null) => v ?? '—' },
          { title: '区域', dataIndex: 'areaName', width: 90 },
          { title: '首次听到', dataIndex: 'firstHeardTime', width: 170 },
          { title: '最后听到', dataIndex: 'lastHeardTime', width: 170 },
          { title: '次数', dataIndex: 'count', width: 70 },
        ],
        header: (kit) => <Totals kit={kit} />,
        toolbar: (kit) => <Tools kit={kit} />,
      }),
    [brands],
  );
  return <CrudTab spec={spec} />;
}
