import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { messageTime } from '../../../app/clock';
import { serverTimeZone } from '../../../app/config';
import { useSession } from '../../../app/session/store';
import { LIMITS, REFRESH_MS } from '../../../lib/constants';
import { canSetFullPile } from '../../../lib/aggregation';
import { openDialog } from '../dialogs/dialogStore';
import { useDashboard, useHomeArea, useInit } from '../hooks';
import { MessageTag } from '../parts/bits';
import Panel from '../parts/Panel';
import QueryState from '../parts/QueryState';
import type { SiteMessage } from '../types';
import './messages.css';

/** Messages are cut to 10 when there are more than 5 (spec §9). */
export function cutMessages(list: SiteMessage[]): SiteMessage[] {
  return list.length > LIMITS.messagesOver ? list.slice(0, LIMITS.messagesCut) : list;
}

/**
 * 消息区: the latest site messages (time, site, count in 辆, status, 详情) from GET
 * /api/dashboard/get (today's by time, earlier days' with the date, in the server's zone), collapsible; 满桩值设置 shows when the area is not an aggregation area and
 * the list is not loading; 历史消息 opens today's messages. Users below level 2 get no messages.
 */
export default function MessagePanel({ onCollapse }: { onCollapse?: (collapsed: boolean) => void }) {
  const dash = useDashboard(REFRESH_MS.dispatchGuide);
  const init = useInit();
  const { userLevel } = useHomeArea();
  const [collapsed, setCollapsed] = useState(false);
  const list = useMemo(() => (userLevel >= 2 ? cutMessages(dash.data?.siteMessage ?? []) : []), [dash.data, userLevel]);
  // the session's message list and count (0 below level 2, spec §6)
  useEffect(() => {
    if (dash.data) useSession.getState().patch({ siteMessage: list.map((m) => ({ ...m })), siteMessageLength: list.length });
  }, [dash.data, list]);
  const fullPile = init.data && canSetFullPile(init.data.area) && !dash.isFetching;
  const now = new Date();
  const tz = serverTimeZone();
  const times = list.map((m) => messageTime(m.createTime, now, tz));
  const dated = times.some((t) => t.length > 8);
  const toggle = () => {
    setCollapsed(!collapsed);
    onCollapse?.(!collapsed);
  };
  return (
    <Panel
      title="消息区"
      className={`hp-messages ${collapsed ? 'is-collapsed' : ''}`}
      testId="panel-messages"
      extra={
        <>
          {fullPile ? (
            <Button size="small" type="link" onClick={() => openDialog({ kind: 'fullPile' })}>
              {init.data?.area.fullPileName || '满桩值'}设置
            </Button>
          ) : null}
          <Button size="small" type="link" onClick={() => openDialog({ kind: 'todayHistory' })}>
            历史消息
          </Button>
          <Button
            size="small"
            type="text"
            aria-label={collapsed ? '展开消息区' : '收起消息区'}
            icon={collapsed ? <DownOutlined /> : <UpOutlined />}
            onClick={toggle}
          />
        </>
      }
    >
      {collapsed ? null : (
        <QueryState query={dash} empty={list.length === 0} emptyText="暂无信息">
          <ul className={`mp-list ${dated ? 'has-dates' : ''}`} data-testid="message-list">
            {list.map((m, i) => (
              <li key={m.id} className="mp-item">
                <span className="mp-time" title={m.createTime}>
                  {times[i]}
                </span>
                <span className="mp-site" title={m.siteName}>
                  {m.siteName}
                </span>
                <span className="mp-num">{m.num}辆</span>
                <MessageTag type={m.messageType} label={m.status} />
                <Button size="small" type="link" onClick={() => openDialog({ kind: 'siteMessage', siteId: m.siteId, siteName: m.siteName, message: m })}>
                  详情
                </Button>
              </li>
            ))}
          </ul>
        </QueryState>
      )}
    </Panel>
  );
}
