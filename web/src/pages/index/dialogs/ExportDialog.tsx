import { App, Button, DatePicker, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useHomeArea } from '../hooks';
import { exportSiteUsage } from '../service';
import HomeModal from './HomeModal';
import SlotChecks, { slotsOf, type TimeType } from '../../../components/SlotChecks';
import { useDialogs } from './dialogStore';

/** dataType of siteStatisticsOutput: 1 day (hourly), 2 month (daily), 3 year (monthly). */
const DATA_TYPE: Record<TimeType, number> = { day: 1, month: 2, year: 3 };

interface Props {
  siteId: string;
  siteName: string;
  year: number;
  month?: number;
  day?: number;
}

/**
 * 导出设置: time type day / month / year and the hours, days or months to include (all chosen by
 * default, with 全选), then GET /api/dashboard/siteStatisticsOutput through the request layer.
 */
export default function ExportDialog({ siteId, siteName, year, month, day }: Props) {
  const { area } = useHomeArea();
  const { message } = App.useApp();
  const close = useDialogs((s) => s.close);
  const [type, setType] = useState<TimeType>(day !== undefined ? 'day' : month !== undefined ? 'month' : 'year');
  const [date, setDate] = useState<Dayjs>(() => dayjs(`${year}-${String(month ?? 1).padStart(2, '0')}-${String(day ?? 1).padStart(2, '0')}`));
  const [chosen, setChosen] = useState<number[]>(() => slotsOf(type, date));
  const [busy, setBusy] = useState(false);
  const slots = slotsOf(type, date);

  const changeType = (t: TimeType) => {
    setType(t);
    setChosen(slotsOf(t, date));
  };
  const changeDate = (d: Dayjs | null) => {
    if (!d) return;
    setDate(d);
    setChosen(slotsOf(type, d));
  };
  const submit = async () => {
    if (chosen.length === 0) {
      void message.warning('请至少选择一项');
      return;
    }
    setBusy(true);
    try {
      await exportSiteUsage(area, {
        siteId,
        year: date.year(),
        month: type === 'year' ? undefined : date.month() + 1,
        day: type === 'day' ? date.date() : undefined,
        dataType: DATA_TYPE[type],
        group: [...chosen].sort((a, b) => a - b).join(','),
      });
      void message.success('数据导出成功！');
      close();
    } catch {
      // the request layer has told the user
    } finally {
      setBusy(false);
    }
  };

  return (
    <HomeModal
      title={`导出设置 · ${siteName}`}
      width={720}
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()}>
            导出
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <span>时间类型</span>
          <Radio.Group
            value={type}
            onChange={(e) => changeType(e.target.value as TimeType)}
            options={[
              { value: 'day', label: '日' },
              { value: 'month', label: '月' },
              { value: 'year', label: '年' },
            ]}
            optionType="button"
          />
          <DatePicker allowClear={false} picker={type === 'day' ? 'date' : type} value={date} onChange={changeDate} aria-label="导出时间" />
        </Space>
        <SlotChecks type={type} slots={slots} chosen={chosen} onChange={setChosen} />
      </Space>
    </HomeModal>
  );
}
