/**
 * 导出 GeoJSON: the caller's shapes (the list's current filters) as an RFC 7946 FeatureCollection file
 * (WGS-84), or in GCJ-02 as a clearly named non-standard option (a second menu item, `-GCJ02` in the file name).
 */
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { saveBlob } from '../../app/download';
import { toast } from '../../app/feedback';
import { RequestError } from '../../app/request';
import { type ExportShape, geoJsonText, toFeatureCollection } from './geoExport';
import type { CoordSys } from './geojson';

/** The menu: the standard first. */
const CHOICES: { key: CoordSys; label: string }[] = [
  { key: 'wgs84', label: '导出 GeoJSON（WGS-84，标准 RFC 7946）' },
  { key: 'gcj02', label: '导出 GCJ-02（非标准，国内地图用）' },
];

/** 禁停区域.geojson → 禁停区域-GCJ02.geojson */
const gcjName = (name: string) => name.replace(/(\.geojson)?$/, '-GCJ02$1');

interface Props {
  /** e.g. 禁停区域.geojson */
  fileName: string;
  /** every shape to export (all pages of the filtered list) */
  load: () => Promise<ExportShape[]>;
  disabled?: boolean;
}

export default function GeoExportButton({ fileName, load, disabled }: Props) {
  const [busy, setBusy] = useState(false);
  const run = async (sys: CoordSys) => {
    setBusy(true);
    try {
      const shapes = await load();
      if (!shapes.length) {
        toast().warning('数据为空');
        return;
      }
      const text = geoJsonText(toFeatureCollection(shapes, sys));
      saveBlob(new Blob([text], { type: sys === 'wgs84' ? 'application/geo+json' : 'application/json' }), sys === 'wgs84' ? fileName : gcjName(fileName));
      void toast().success('数据导出成功！');
    } catch (err) {
      if (!(err instanceof RequestError && err.handled)) void toast().error(err instanceof Error ? err.message : '导出失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      disabled={disabled || busy}
      trigger={['click']}
      menu={{
        items: CHOICES,
        onClick: ({ key }) => void run(key as CoordSys),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        导出 GeoJSON <DownOutlined />
      </Button>
    </Dropdown>
  );
}
