/** 导出: runs an export call (app/download.ts) with the list's current filters; 数据导出成功！ on success. */
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback';
import { RequestError } from '../../app/request';

export default function ExportButton({ run, label = '导出', disabled }: { run: () => Promise<unknown>; label?: string; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await run();
      void toast().success('数据导出成功！');
    } catch (err) {
      // handled errors were shown by the request layer; say the others once here
      if (!(err instanceof RequestError && err.handled)) void toast().error(err instanceof Error ? err.message : '导出失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void click()}>
      {label}
    </Button>
  );
}
