/**
 * The field app's 首页: who I am, today's clock windows, a tile for each action my roles allow, the
 * records kept on the phone (waiting to be sent, or refused with the reason), my recent records.
 */
import { AlertOutlined, ApiOutlined, ClockCircleOutlined, DisconnectOutlined, EnvironmentOutlined, FileSearchOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Skeleton, Tag } from 'antd';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/store';
import { can, type PermissionName } from '../../lib/permission';
import { useHistory, useNearby } from './hooks';
import { outbox, useMyRecords, useOutbox } from './outbox';
import { KIND_NAMES, localTime, type QueuedRecord, type RecordKind } from './queue';
import { todayOf, TodayWindows } from './Today';

export interface Action {
  kind: RecordKind;
  permission: PermissionName;
  title: string;
  note: string;
  icon: ReactNode;
}

/** The field app's actions, in the order of the tiles; each is the route /field/<kind>. */
export const ACTIONS: Action[] = [
  { kind: 'clock', permission: 'field.clock', title: '打卡', note: '到打卡点拍照打卡', icon: <ClockCircleOutlined /> },
  { kind: 'patrol', permission: 'field.patrol', title: '巡检', note: '记录车辆停放情况', icon: <FileSearchOutlined /> },
  { kind: 'install', permission: 'field.install', title: '设备安装', note: '登记新装的设备', icon: <ApiOutlined /> },
  { kind: 'siteApply', permission: 'field.siteApply', title: '站点申请', note: '提议新的停放站点', icon: <EnvironmentOutlined /> },
  { kind: 'report', permission: 'field.report', title: '违规举报', note: '拍照举报违规停放', icon: <AlertOutlined /> },
];

const subscribe = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};
/** Whether the browser believes it has a network. */
const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);

function Outbox({ records }: { records: QueuedRecord[] }) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  // what was sent shows in 我的记录 (and today's windows)
  const refresh = () => void qc.invalidateQueries({ queryKey: ['field'] });
  const waiting = records.filter((r) => r.state === 'waiting');
  const failed = records.filter((r) => r.state === 'failed');
  const userId = useSession((s) => s.user?.id);
  const sendAll = async () => {
    if (userId === undefined) return;
    setBusy('all');
    const out = await outbox()
      .flush(userId)
      .finally(() => setBusy(null));
    const sent = out.filter((o) => o.status === 'sent').length;
    const stuck = out.find((o) => o.status === 'waiting');
    if (sent) {
      message.success(`已发送 ${sent} 条`);
      refresh();
    }
    if (stuck) message.warning(`暂时无法发送：${stuck.message}，网络恢复后会自动发送`);
  };
  const again = async (r: QueuedRecord) => {
    setBusy(r.clientId);
    const o = await outbox()
      .send(r.clientId)
      .finally(() => setBusy(null));
    if (o.status === 'sent') {
      message.success('已发送');
      refresh();
    } else if (o.status === 'failed') message.error(`仍未被接收：${o.message}`);
    else message.warning(`暂时无法发送：${o.message}`);
  };
  const remove = (r: QueuedRecord) =>
    modal.confirm({
      title: '删除这条记录？',
      content: `「${r.title}」及其照片将从手机上删除，不会再发送。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => outbox().remove(r.clientId),
    });
  return (
    <section className="field-card" aria-label="手机上的记录">
      {waiting.length > 0 && (
        <>
          <header className="field-card-head">
            <h2>
              待发送 <span className="field-count">{waiting.length}</span>
            </h2>
            <Button size="small" icon={<SendOutlined />} loading={busy === 'all'} onClick={() => void sendAll()}>
              立即发送
            </Button>
          </header>
          <ul className="field-list">
            {waiting.map((r) => (
              <li key={r.clientId}>
                <span className="field-list-title">{r.title}</span>
                <span className="field-list-meta">
                  {localTime(r.madeAt)} · {r.photos.length} 张照片{r.error ? ` · 上次未发出：${r.error}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {failed.length > 0 && (
        <>
          <header className="field-card-head">
            <h2>
              发送失败 <span className="field-count is-error">{failed.length}</span>
            </h2>
          </header>
          <ul className="field-list">
            {failed.map((r) => (
              <li key={r.clientId} className="is-failed">
                <span className="field-list-title">{r.title}</span>
                <span className="field-list-meta">{localTime(r.madeAt)}</span>
                <span className="field-list-error">原因：{r.error}</span>
                <span className="field-list-actions">
                  <Button size="small" loading={busy === r.clientId} onClick={() => void again(r)}>
                    重新发送
                  </Button>
                  <Button size="small" danger onClick={() => remove(r)}>
                    删除
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default function Home() {
  const user = useSession((s) => s.user);
  const permissions = useSession((s) => s.permissions);
  const online = useOnline();
  const nearby = useNearby(null);
  const history = useHistory();
  const records = useMyRecords(user?.id);
  const loaded = useOutbox((s) => s.loaded);
  const today = todayOf(nearby.data);
  const actions = ACTIONS.filter((a) => can(permissions, a.permission));
  const roles = (user?.roles ?? []).map((r) => r.roleName).join('、');
  const waiting = records.filter((r) => r.state === 'waiting').length;
  return (
    <div className="field-home">
      <section className="field-me" aria-label="我的信息">
        <div>
          <div className="field-me-name">{user?.name || user?.username}</div>
          <div className="field-me-meta">{[roles, user?.company, user?.areaName].filter(Boolean).join(' · ')}</div>
        </div>
        <div className="field-me-queue" data-testid="outbox-count">
          <strong>{loaded ? waiting : '…'}</strong>
          <span>条待发送</span>
        </div>
      </section>
      {!online && (
        <div className="field-offline" role="status">
          <DisconnectOutlined /> 当前没有网络：新的记录会先保存在手机上，恢复网络后自动发送。
        </div>
      )}
      {can(permissions, 'field.clock') && (
        <section className="field-card" aria-label="今日打卡">
          <header className="field-card-head">
            <h2>今日打卡{today ? <span className="field-card-sub">{today.day}</span> : null}</h2>
          </header>
          {today ? (
            <TodayWindows today={today} />
          ) : nearby.isError || nearby.data ? (
            <p className="field-hint">无法读取今日打卡，请检查网络。</p>
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          )}
        </section>
      )}
      {actions.length ? (
        <nav className="field-tiles" aria-label="外勤工作">
          {actions.map((a) => (
            <Link key={a.kind} to={`/field/${a.kind}`} className={`field-tile field-tile-${a.kind}`}>
              <span className="field-tile-icon">{a.icon}</span>
              <span className="field-tile-title">{a.title}</span>
              <span className="field-tile-note">{a.note}</span>
            </Link>
          ))}
        </nav>
      ) : (
        <Empty description="你的账号没有可用的外勤功能，请联系管理员分配权限" />
      )}
      {records.length > 0 && <Outbox records={records} />}
      <section className="field-card" aria-label="我的记录">
        <header className="field-card-head">
          <h2>我的记录</h2>
        </header>
        {history.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : history.isError && !history.data ? (
          <p className="field-hint">无法读取记录，请检查网络。</p>
        ) : !history.data?.length ? (
          <p className="field-hint">还没有记录。</p>
        ) : (
          <ul className="field-list">
            {history.data.map((h) => (
              <li key={`${h.kind}-${h.id}`}>
                <span className="field-list-title">
                  <Tag>{KIND_NAMES[h.kind] ?? h.kind}</Tag>
                  {h.title}
                </span>
                <span className="field-list-meta">
                  {h.time}
                  {h.state ? ` · ${h.state}` : ''}
                  {h.kind === 'siteApply' && h.siteId ? ` · 站点 ${h.siteId}` : ''}
                </span>
                {h.note && (
                  <span className="field-list-note" data-testid={`history-note-${h.kind}-${h.id}`}>
                    {h.kind === 'siteApply' ? '驳回理由' : '处理说明'}：{h.note}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
