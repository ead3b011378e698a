/** Pieces every field screen uses: the position line, the submit bar, the outcome of a send. */
import {
  AimOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  CloudUploadOutlined,
  EnvironmentOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Sending } from './hooks';
import type { PositionState } from './position';

/** The phone's position: locating, the fix and its accuracy, or why there is none with 重新定位. */
export function PositionBar({ pos, optional }: { pos: PositionState & { locate: () => void }; optional?: boolean }) {
  if (pos.status === 'error') {
    return (
      <Alert
        type={optional ? 'info' : 'warning'}
        showIcon
        className="field-position"
        title={pos.message}
        action={
          <Button size="small" icon={<AimOutlined />} onClick={pos.locate}>
            重新定位
          </Button>
        }
      />
    );
  }
  return (
    <div className="field-position field-position-line" aria-live="polite">
      {pos.status === 'locating' ? <LoadingOutlined /> : <EnvironmentOutlined className="field-ok" />}
      <span className="field-position-text">
        {pos.status === 'locating'
          ? '正在定位…'
          : `已定位 ${pos.position.lon.toFixed(5)}, ${pos.position.lat.toFixed(5)}${pos.position.accuracy ? `（±${Math.round(pos.position.accuracy)} 米）` : ''}`}
      </span>
      <Button type="link" size="small" icon={<AimOutlined />} onClick={pos.locate} disabled={pos.status === 'locating'}>
        重新定位
      </Button>
    </div>
  );
}

/** The big submit button, kept at the bottom of the screen within the thumb's reach. */
export function SubmitBar({ label, disabled, loading, hint }: { label: string; disabled?: boolean; loading?: boolean; hint?: ReactNode }) {
  return (
    <div className="field-submit">
      {hint && <div className="field-submit-hint">{hint}</div>}
      <Button type="primary" htmlType="submit" size="large" block disabled={disabled} loading={loading}>
        {label}
      </Button>
    </div>
  );
}

/**
 * What became of a record just made: taken by the server (the caller says what it answered), kept
 * on the phone until the network is back, or refused with the server's reason (kept as 发送失败).
 */
export function SendOutcome({
  state,
  sent,
  sentTone,
  onAgain,
  againLabel,
}: {
  state: Sending;
  sent: (data: unknown, message: string) => ReactNode;
  /** how a taken record reads (a clock taken but late or out of range is a warning); success when not given */
  sentTone?: (data: unknown) => 'success' | 'warning';
  onAgain: () => void;
  againLabel: string;
}) {
  if (state.phase === 'idle' || state.phase === 'sending') return null;
  let icon: ReactNode;
  let body: ReactNode;
  let tone: string;
  if (state.phase === 'error') {
    tone = 'error';
    icon = <CloseCircleFilled />;
    body = (
      <>
        <h2>未保存</h2>
        <p>{state.message}</p>
      </>
    );
  } else if (state.outcome.status === 'sent') {
    tone = sentTone?.(state.outcome.data) ?? 'success';
    icon = tone === 'warning' ? <ExclamationCircleFilled /> : <CheckCircleFilled />;
    body = sent(state.outcome.data, state.outcome.message);
  } else if (state.outcome.status === 'waiting') {
    tone = 'waiting';
    icon = <CloudUploadOutlined />;
    body = (
      <>
        <h2>已保存在手机上</h2>
        <p>现在无法连接服务器（{state.outcome.message}）。记录和照片已保存在手机上，网络恢复后会自动发送，不会重复记录。</p>
      </>
    );
  } else {
    tone = 'error';
    icon = <CloseCircleFilled />;
    body = (
      <>
        <h2>发送失败</h2>
        <p>{state.outcome.message}</p>
        <p className="field-hint">记录已放在首页的「发送失败」中，可查看原因后删除，修改后重新提交。</p>
      </>
    );
  }
  return (
    <section className={`field-outcome field-outcome-${tone}`} role="status" aria-label="提交结果">
      <div className="field-outcome-icon">{icon}</div>
      {body}
      <div className="field-outcome-actions">
        <Button size="large" block type="primary" onClick={onAgain}>
          {againLabel}
        </Button>
        <Link to="/field" className="field-outcome-home">
          <Button size="large" block>
            返回首页
          </Button>
        </Link>
      </div>
    </section>
  );
}
