import { brandShortName } from '../../../../lib/brand';
import { LIMITS } from '../../../../lib/constants';
import { progressColor, progressPercent } from '../../../../lib/progress';
import { openDialog } from '../../dialogs/dialogStore';
import type { BrandStat } from '../../types';
import { Term } from '../../../../lib/fleetTerms';

/** 备案 ÷ 核准 as floor(%) (spec §9), coloured red over 100 %; '—' without an approved quantity. */
function FilingRate({ filed, approved }: { filed: number; approved: number }) {
  if (approved <= 0) return <span className="tm-rate">—</span>;
  const pct = progressPercent(filed / approved);
  const color = progressColor(pct);
  return (
    <span className="tm-rate" title={`备案 ${filed} ÷ 核准 ${approved}`}>
      <span className="hp-bar">
        <span className="hp-bar-fill" style={{ width: `${Math.min(pct, 100)}%`, background: color }} />
      </span>
      <span style={{ color }}>{pct}%</span>
    </span>
  );
}

/**
 * Per-brand figures of statistical.brands (at most 10): approved, filed, online, in sites and the
 * filing rate. The brand opens its enterprise info; the online count its site distribution.
 */
export default function BrandTable({ brands }: { brands: BrandStat[] }) {
  if (brands.length === 0) return <div className="hp-state hp-state-empty">暂无品牌数据</div>;
  return (
    <div className="tm-brands" data-testid="brand-table">
      <div className="tm-brand-row tm-brand-head">
        <span>品牌</span>
        <span>核准</span>
        <span>备案</span>
        <Term label="在线" note="online" />
        <Term label="站内" note="site" />
        <span>备案率</span>
      </div>
      <div className="tm-brand-list">
        {brands.slice(0, LIMITS.brandList).map((b) => (
          <div className="tm-brand-row" key={b.brandId} data-testid={`brand-row-${b.brandId}`}>
            <button
              type="button"
              className="hp-link"
              title={`${b.brandName}：企业信息`}
              onClick={() => openDialog({ kind: 'enterprise', brandId: b.brandId, brandName: b.brandName })}
            >
              {brandShortName(b.brandName)}
            </button>
            <span data-field="quantity_approved">{b.quantity_approved}</span>
            <span data-field="recorded_number">{b.recorded_number}</span>
            <button
              type="button"
              className="hp-link"
              data-field="onlineNum"
              title="品牌站点车辆分布"
              onClick={() => openDialog({ kind: 'brandSites', brandId: b.brandId, brandName: b.brandName })}
            >
              {b.onlineNum}
            </button>
            <span data-field="siteNum">{b.siteNum}</span>
            <FilingRate filed={b.recorded_number} approved={b.quantity_approved} />
          </div>
        ))}
      </div>
    </div>
  );
}
