import { Spin } from 'antd';
import { Fragment, lazy, Suspense, useEffect } from 'react';
import { useSession } from '../../../app/session/store';
import { useHomeStore, type SiteAction } from '../homeStore';
import { useDialogs, type DialogSpec } from './dialogStore';

// each dialog (with its tables, date pickers and charts) loads on first use
const BrandSitesDialog = lazy(() => import('./BrandSitesDialog'));
const EnterpriseDialog = lazy(() => import('./EnterpriseDialog'));
const ExportDialog = lazy(() => import('./ExportDialog'));
const FilingCheckDialog = lazy(() => import('./FilingCheckDialog'));
const FullPileDialog = lazy(() => import('./FullPileDialog'));
const NotUploadDialog = lazy(() => import('./NotUploadDialog'));
const SiteBikesDialog = lazy(() => import('./SiteBikesDialog'));
const SiteChartDialog = lazy(() => import('./SiteChartDialog'));
const SiteMessageDialog = lazy(() => import('./SiteMessageDialog'));
const SiteRankDialog = lazy(() => import('./SiteRankDialog'));
const SiteRatioDialog = lazy(() => import('./SiteRatioDialog'));
const SiteUsageDialog = lazy(() => import('./SiteUsageDialog'));
const TodayHistoryDialog = lazy(() => import('./TodayHistoryDialog'));
const TrendDialog = lazy(() => import('./TrendDialog'));

function render(d: DialogSpec) {
  switch (d.kind) {
    case 'enterprise':
      return <EnterpriseDialog brandId={d.brandId} brandName={d.brandName} />;
    case 'brandSites':
      return <BrandSitesDialog brandId={d.brandId} brandName={d.brandName} />;
    case 'siteBikes':
      return <SiteBikesDialog siteId={d.siteId} siteName={d.siteName} brandId={d.brandId} brandName={d.brandName} bikeType={d.bikeType} />;
    case 'todayHistory':
      return <TodayHistoryDialog />;
    case 'siteMessage':
      return <SiteMessageDialog siteId={d.siteId} siteName={d.siteName} message={d.message} />;
    case 'filingCheck':
      return <FilingCheckDialog />;
    case 'siteRank':
      return <SiteRankDialog />;
    case 'notUpload':
      return <NotUploadDialog brandId={d.brandId} />;
    case 'siteUsage':
      return <SiteUsageDialog siteId={d.siteId} siteName={d.siteName} />;
    case 'usageExport':
      return <ExportDialog siteId={d.siteId} siteName={d.siteName} year={d.year} month={d.month} day={d.day} />;
    case 'trend':
      return <TrendDialog />;
    case 'siteChart':
      return <SiteChartDialog title={d.title} f={d.f} flag={d.flag} count={d.count} />;
    case 'fullPile':
      return <FullPileDialog />;
    case 'siteRatio':
      return <SiteRatioDialog siteId={d.siteId} siteName={d.siteName} />;
  }
}

/** The dialog a map info-window click asks for (spec §2 click types 1-4). */
function dialogOfAction(a: SiteAction): DialogSpec {
  const siteName = a.siteName ?? a.siteId;
  switch (a.type) {
    case 1:
      return { kind: 'siteBikes', siteId: a.siteId, siteName, brandId: a.brandId, bikeType: a.bikeType };
    case 2:
      return { kind: 'siteUsage', siteId: a.siteId, siteName };
    case 3:
      return { kind: 'siteMessage', siteId: a.siteId, siteName };
    case 4:
      return { kind: 'siteRatio', siteId: a.siteId, siteName };
  }
}

/** Renders the dialog stack and opens the dialogs the map asks for. */
export default function HomeDialogs() {
  const stack = useDialogs((s) => s.stack);
  const open = useDialogs((s) => s.open);
  const action = useHomeStore((s) => s.siteAction);
  const consume = useHomeStore((s) => s.requestSiteAction);
  const patch = useSession((s) => s.patch);

  useEffect(() => {
    if (!action) return;
    if (action.type === 4) {
      // ratio edit: the site joins the site ratio list
      const list = useSession.getState().ratioSites;
      if (!list.some((r) => r.siteId === action.siteId))
        patch({ ratioSites: [...list, { siteId: action.siteId, siteName: action.siteName ?? action.siteId }] });
    }
    open(dialogOfAction(action));
    consume(null);
  }, [action, open, consume, patch]);

  return (
    <>
      {stack.map((d, i) => (
        // a stack position is the dialog's identity
        <Fragment key={`${i}-${d.kind}`}>
          <Suspense fallback={<Spin fullscreen />}>{render(d)}</Suspense>
        </Fragment>
      ))}
    </>
  );
}
