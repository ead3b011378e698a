/** 导出 GeoJSON: the caller's shapes (the list's current filters) as a FeatureCollection file, in GCJ-02 or WGS-84 (a menu). */
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { saveBlob } from '../../app/download';
import { toast } from '../../app/feedback';
import { RequestError } from '../../app/request';
import { type ExportShape, geoJsonText, toFeatureCollection } from './geoExport';
import { COORD_SYS, type CoordSys } from './geojson';

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
      saveBlob(new Blob([text], { type: 'application/geo+json' }), fileName);
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
        items: (Object.keys(COORD_SYS) as CoordSys[]).map((k) => ({ key: k, label: `导出为 ${COORD_SYS[k]}` })),
        onClick: ({ key }) => void run(key as CoordSys),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        导出 GeoJSON <DownOutlined />
      </Button>
    </Dropdown>
  );
}
