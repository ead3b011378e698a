/**
 * What 总量设置 and 区域核准数量 share: a number edited in place in its table cell (a non-negative
 * integer; Enter or ✓ saves through the screen's call, Esc or ✕ gives up; the server's refusal stays
 * under the box), and a count shown beside a quota with the part above it in red (+n, and the share
 * of the quota when there is one).
 */
import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { RequestError } from '../../app/request';
import './quota.css';

interface CellProps {
  value: number;
  /** what the number is (the box's label, the edit button's 编辑…) */
  label: string;
  editable: boolean;
  onSave: (value: number) => Promise<unknown>;
  /** shown instead of 0 (a cap of 0 is 不限) */
  zeroText?: string;
  /** a line under the value */
  note?: ReactNode;
}

export function NumberCell({ value, label, editable, onSave, zeroText, note }: CellProps) {
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const editing = draft !== undefined;
  const stop = () => {
    setDraft(undefined);
    setError(undefined);
  };
  const save = async () => {
    if (draft === null || draft === undefined || !Number.isInteger(draft) || draft < 0) {
      setError(`${label}须为不小于 0 的整数`);
      return;
    }
    if (draft === value) return stop();
    setSaving(true);
    try {
      await onSave(draft);
      stop();
    } catch (e) {
      setError(e instanceof RequestError ? e.message : '保存失败，请稍后再试');
    } finally {
      setSaving(false);
    }
  };
  if (!editing) {
    return (
      <div>
        <span className="quota-cell">
          <span className={value === 0 && zeroText ? 'quota-unset' : 'quota-value'}>{value === 0 && zeroText ? zeroText : value}</span>
          {editable && (
            <Tooltip title={`编辑${label}`}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={`编辑${label}`} onClick={() => setDraft(value)} />
            </Tooltip>
          )}
        </span>
        {note && <div className="quota-note">{note}</div>}
      </div>
    );
  }
  return (
    <div className="quota-edit">
      <Space.Compact>
        <InputNumber
          autoFocus
          aria-label={label}
          min={0}
          max={10_000_000}
          precision={0}
          value={draft}
          status={error ? 'error' : undefined}
          onChange={(v) => {
            setDraft(v);
            setError(undefined);
          }}
          onPressEnter={() => void save()}
          onKeyDown={(e) => e.key === 'Escape' && stop()}
        />
        <Button type="primary" icon={<CheckOutlined />} aria-label="保存" loading={saving} onClick={() => void save()} />
        <Button icon={<CloseOutlined />} aria-label="取消" disabled={saving} onClick={stop} />
      </Space.Compact>
      {error && (
        <div className="quota-error" role="alert">
          {error}
        </div>
      )}
      {zeroText && !error && <div className="quota-note">填 0 为{zeroText}</div>}
    </div>
  );
}

/** The part of `count` above `quota`: none when within it or when there is no quota to compare with (`unlimited`). */
export function overOf(count: number, quota: number, unlimited = false): { n: number; percent: number | null } | null {
  if (unlimited || count <= quota) return null;
  return { n: count - quota, percent: quota > 0 ? Math.round(((count - quota) / quota) * 1000) / 10 : null };
}

/** A count beside its quota; above it, +n (and the share of the quota) in red. */
export function CountCell({
  count,
  quota,
  unlimited,
  what,
  against = '核准数量',
}: {
  count: number;
  quota: number;
  unlimited?: boolean;
  what: string;
  against?: string;
}) {
  const over = overOf(count, quota, unlimited);
  return (
    <span className="quota-count">
      {count}
      {over && (
        <Tooltip title={`${what}超出${against} ${over.n}${over.percent === null ? '（未核准）' : `，超出 ${over.percent}%`}`}>
          <span className="quota-over" data-over={over.n}>
            +{over.n}
            {over.percent === null ? '（未核准）' : `（${over.percent}%）`}
          </span>
        </Tooltip>
      )}
    </span>
  );
}

/** Cells with a count above its quota get a light red ground (antd onCell). */
export const overCell = (count: number, quota: number, unlimited = false) => ({ className: overOf(count, quota, unlimited) ? 'quota-over-cell' : undefined });
