/**
 * 站点详情: a drawer over the site list with today's counts by brand and type (getSite), the status
 * history of the day (siteHistory), rents and returns per hour, the latest abnormal messages, the
 * piles with their last power, and 在大屏查看 (the big screen, its map located on the site).
 */
import { Button, Drawer, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import LazyEChart from '../../components/echarts/LazyEChart';
import { flagStyle } from '../../lib/siteStatus';
import { historyOption, hourOption, hourTotals, serverDay, serverNow, todayRows } from './detailCharts';
import { AllMsgsLink, BrandTable, MsgList, PileList, Section } from './detailParts';
import { fetchPiles, fetchSiteHistory, fetchSiteInfo, fetchSiteMsgs, fetchSiteRents, fetchSiteReturns } from './detailService';
import './detail.css';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function useSiteDetail(siteId: string) {
  const key = (kind: string) => ['siteDetail', kind, siteId];
  return {
    info: useQuery({ queryKey: key('info'), queryFn: () => fetchSiteInfo(siteId) }),
    history: useQuery({ queryKey: key('history'), queryFn: () => fetchSiteHistory(siteId) }),
    rents: useQuery({ queryKey: key('rents'), queryFn: () => fetchSiteRents(siteId) }),
    returns: useQuery({ queryKey: key('returns'), queryFn: () => fetchSiteReturns(siteId) }),
    msgs: useQuery({ queryKey: key('msgs'), queryFn: () => fetchSiteMsgs(siteId) }),
    piles: useQuery({ queryKey: key('piles'), queryFn: () => fetchPiles({ siteId, currentPage: 1, pageSize: 100 }) }),
  };
}

/** Both hour calls as one section state. */
function both(a: ReturnType<typeof useSiteDetail>['rents'], b: ReturnType<typeof useSiteDetail>['returns']) {
  return {
    isPending: a.isPending || b.isPending,
    isError: a.isError || b.isError,
    error: a.error ?? b.error,
    refetch: () => Promise.all([a.refetch(), b.refetch()]),
  };
}

const BIG_SCREEN_LINKS = [
  { label: '在大屏查看', flow: 0 },
  { label: '租车流向', flow: 1 },
  { label: '还车流向', flow: 2 },
] as const;

function DetailBody({ siteId }: { siteId: string }) {
  const d = useSiteDetail(siteId);
  const navigate = useNavigate();
  const today = d.rents.data?.date ?? serverDay();
  const history = useMemo(() => todayRows(d.history.data?.lists ?? [], today), [d.history.data, today]);
  const hours = both(d.rents, d.returns);
  const rentSum = sum(hourTotals(d.rents.data));
  const returnSum = sum(hourTotals(d.returns.data));
  const site = d.info.data;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Section
        title="当前站内车辆"
        q={d.info}
        extra={
          // the big screen reads ?siteId= (and flow=1 rent, 2 return) on mount: its map locates the site, or shows its flow map
          <Space size={4}>
            {BIG_SCREEN_LINKS.map((l) => (
              <Button key={l.label} size="small" onClick={() => void navigate(`/index?siteId=${encodeURIComponent(siteId)}${l.flow ? `&flow=${l.flow}` : ''}`)}>
                {l.label}
              </Button>
            ))}
          </Space>
        }
      >
        {() =>
          site && (
            <>
              <Space wrap className="site-detail-head">
                <Tag color={flagStyle(site.flag).tag}>{site.status}</Tag>
                <span>
                  车辆数 <b>{site.num}</b> / 容量 {site.capacity}
                </span>
                <Typography.Text type="secondary">{site.stateTime ? `统计于 ${site.stateTime}` : '尚未统计'}</Typography.Text>
              </Space>
              <BrandTable site={site} />
            </>
          )
        }
      </Section>
      <Section title="今日状态历史" q={d.history} empty={!history.length}>
        {() => (
          <div className="site-detail-chart" data-testid="history-chart">
            <LazyEChart option={historyOption(history, today === serverDay() ? serverNow() : undefined)} ariaLabel="今日状态历史" />
          </div>
        )}
      </Section>
      <Section title="今日每小时租还车" q={hours} empty={!rentSum && !returnSum} extra={<span>{`租车 ${rentSum} · 还车 ${returnSum}`}</span>}>
        {() => (
          <div className="site-detail-chart" data-testid="hour-chart">
            <LazyEChart option={hourOption(d.rents.data, d.returns.data)} ariaLabel="今日每小时租还车" />
          </div>
        )}
      </Section>
      <Section title="异常信息" q={d.msgs} empty={!d.msgs.data?.lists.length} extra={<AllMsgsLink siteId={siteId} total={d.msgs.data?.total ?? 0} />}>
        {() => <MsgList msgs={d.msgs.data!.lists} />}
      </Section>
      <Section title={`站点设备（${d.piles.data?.total ?? 0}）`} q={d.piles} empty={!d.piles.data?.lists.length}>
        {() => <PileList piles={d.piles.data!.lists} />}
      </Section>
    </Space>
  );
}

/** The drawer; its calls run while it is open. */
function SiteDetailDrawer({ siteId, siteName, open, onClose }: { siteId: string; siteName: string; open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} title={`站点详情 · ${siteName}`} size={720} onClose={onClose} destroyOnHidden>
      {open ? <DetailBody siteId={siteId} /> : null}
    </Drawer>
  );
}

/** The site's name as a link that opens its detail (the site list's 站点名称 column, the piles' 站点); `suffix` follows the name. */
export function SiteDetailLink({ siteId, siteName, suffix }: { siteId: string; siteName: string; suffix?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>{siteName}</Typography.Link>
      {suffix}
      <SiteDetailDrawer siteId={siteId} siteName={siteName} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
