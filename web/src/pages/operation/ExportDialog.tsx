/**
 * 导出设置 of 运营统计 (spec §5): time type (day, month or year, as the view allows), the date, and
 * the hours, days or months to include as checkboxes with 全选, all chosen by default. `run` gets
 * the period and the chosen slots (comma-separated) and downloads the file; 数据导出成功！ after.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Modal, Radio, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { toast } from '../../app/feedback';
import { RequestError } from '../../app/request';
import SlotChecks, { slotsOf } from '../../components/SlotChecks';
import { dateOf, periodOf, type TimeType } from './period';
import { periodLevel, type Period } from '../index/parts/period';

const LABEL: Record<TimeType, string> = { day: '日', month: '月', year: '年' };

interface Props {
  title: string;
  /** the view's period: the dialog opens on it */
  period: Period;
  types: TimeType[];
  run: (period: Period, group: string) => Promise<unknown>;
  disabled?: boolean;
}

function Dialog({ title, period, types, run, onClose }: Omit<Props, 'disabled'> & { onClose: () => void }) {
  const first = periodLevel(period);
  const [type, setType] = useState<TimeType>(types.includes(first) ? first : types[0]);
  const [date, setDate] = useState<Dayjs>(() => dateOf(period));
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
    if (!chosen.length) {
      void toast().warning('请至少选择一项');
      return;
    }
    setBusy(true);
    try {
      await run(periodOf(type, date), [...chosen].sort((a, b) => a - b).join(','));
      void toast().success('数据导出成功！');
      onClose();
    } catch (err) {
      if (!(err instanceof RequestError && err.handled)) void toast().error(err instanceof Error ? err.message : '导出失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`导出设置 · ${title}`}
      width={720}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
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
            aria-label="时间类型"
            value={type}
            onChange={(e) => changeType(e.target.value as TimeType)}
            options={types.map((t) => ({ value: t, label: LABEL[t] }))}
            optionType="button"
          />
          <DatePicker allowClear={false} picker={type === 'day' ? 'date' : type} value={date} onChange={changeDate} aria-label="导出时间" />
        </Space>
        <SlotChecks type={type} slots={slots} chosen={chosen} onChange={setChosen} />
      </Space>
    </Modal>
  );
}

/** 导出 button opening the dialog. */
export default function ExportDialogButton({ disabled, ...props }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<DownloadOutlined />} disabled={disabled} onClick={() => setOpen(true)} className="op-no-print">
        导出
      </Button>
      {open && <Dialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
