import type { BrandCount } from '../parts/currentBike';
import './dialogs.css';

/** A bike-type column of a history entry: its total and the per-brand counts, or 暂无数据. */
export default function BrandCounts({ title, total, brands }: { title: string; total: number; brands: BrandCount[] }) {
  return (
    <div className="hist-col">
      <div className="hist-col-title">
        {title} <b>{total}</b>
      </div>
      {brands.length === 0 ? (
        <div className="hist-none">暂无数据</div>
      ) : (
        brands.map((b) => (
          <div key={`${b.brand_id ?? ''}-${b.brand_name}`} className="hist-brand">
            <span>{b.brand_name}</span>
            <span>{b.num}</span>
          </div>
        ))
      )}
    </div>
  );
}
