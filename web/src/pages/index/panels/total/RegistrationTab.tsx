import { REFRESH_MS } from '../../../../lib/constants';
import { useDashboard } from '../../hooks';
import { Figure } from '../../parts/bits';
import QueryState from '../../parts/QueryState';
import BrandRing from './BrandRing';
import BrandTable from './BrandTable';

/** 登记监控: online and in-site totals, the share ring and the per-brand figures (GET /api/dashboard/get). */
export default function RegistrationTab({ single }: { single: boolean }) {
  const dash = useDashboard(REFRESH_MS.mapAndRing);
  const s = dash.data?.statistical;
  return (
    <QueryState query={dash}>
      {s ? (
        <div className="tm-register">
          <div className="tm-figures" data-testid="total-figures">
            <Figure label="在线自行车" value={s.bikeNum} unit="辆" testId="fig-bikeNum" />
            <Figure label="在线电动车" value={s.ebikeNum} unit="辆" testId="fig-ebikeNum" />
            <Figure label="站内自行车" value={s.bSiteNumTotal} unit="辆" testId="fig-bSiteNumTotal" />
            <Figure label="站内电动车" value={s.eSiteNumTotal} unit="辆" testId="fig-eSiteNumTotal" />
          </div>
          <BrandRing single={single} brands={s.brands} />
          <BrandTable brands={s.brands} />
        </div>
      ) : null}
    </QueryState>
  );
}
