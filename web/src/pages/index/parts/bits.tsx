/** Small display pieces of the big screen: a labelled figure, a fill-status tag, a bar of a share. */
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { flagStyle, messageTypeFlag } from '../../../lib/siteStatus';

export function Figure({
  label,
  value,
  unit,
  color,
  onClick,
  testId,
}: {
  label: ReactNode;
  value: number | string;
  unit?: string;
  color?: string;
  onClick?: () => void;
  testId?: string;
}) {
  const body = (
    <>
      <span className="hp-figure-value" style={color ? { color } : undefined} data-testid={testId}>
        {value}
        {unit ? <small>{unit}</small> : null}
      </span>
      <span className="hp-figure-label">{label}</span>
    </>
  );
  return onClick ? (
    <button type="button" className="hp-figure hp-figure-click" onClick={onClick}>
      {body}
    </button>
  ) : (
    <div className="hp-figure">{body}</div>
  );
}

/** Site status tag from a site flag (0-4). */
export function FlagTag({ flag, label }: { flag: number; label?: string }) {
  const s = flagStyle(flag);
  return (
    <Tag color={s.tag} className="hp-tag">
      {label || s.label}
    </Tag>
  );
}

/** Site status tag from a message type (empty/less/more/full). */
export function MessageTag({ type, label }: { type: string; label?: string }) {
  return <FlagTag flag={messageTypeFlag(type)} label={label} />;
}

/** A thin horizontal bar showing `value` of `max`. */
export function ShareBar({ value, max, color }: { value: number; max: number; color?: string }) {
  const pct = max > 0 ? Math.min(100, (value / max) * 100) : 0;
  return (
    <span className="hp-bar">
      <span className="hp-bar-fill" style={{ width: `${pct}%`, background: color }} />
    </span>
  );
}
