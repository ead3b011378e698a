/** Dark big-screen chart styling and brand colours shared by the home screen's echarts options. */

export const TEXT = '#cfe3ff';
const MUTED = '#6f8fbf';
const LINE = '#1c3f73';

/** Colours for series when the brands' own colours are missing or the same. */
export const PALETTE = ['#40a9ff', '#ffc53d', '#73d13d', '#ff7a45', '#b37feb', '#36cfc9', '#f759ab', '#ffec3d', '#597ef7', '#ff4d4f'];

/** One colour per item: its own when unique among the items, else the palette's at its index. */
export function distinctColors(colors: ReadonlyArray<string | null | undefined>): string[] {
  const seen = new Map<string, number>();
  for (const c of colors) if (c) seen.set(c.toLowerCase(), (seen.get(c.toLowerCase()) ?? 0) + 1);
  return colors.map((c, i) => (c && seen.get(c.toLowerCase()) === 1 ? c : PALETTE[i % PALETTE.length]));
}

export const axisStyle = {
  axisLine: { lineStyle: { color: LINE } },
  axisTick: { show: false },
  axisLabel: { color: MUTED, fontSize: 11 },
  splitLine: { lineStyle: { color: 'rgba(28, 63, 115, 0.5)' } },
};

export const tooltip = {
  trigger: 'axis',
  backgroundColor: 'rgba(5, 20, 50, 0.92)',
  borderColor: LINE,
  textStyle: { color: TEXT, fontSize: 12 },
};

export const legend = { textStyle: { color: TEXT, fontSize: 11 }, itemWidth: 12, itemHeight: 8, top: 0, type: 'scroll', pageTextStyle: { color: TEXT } };

export interface LineSeries {
  name: string;
  /** null: no value (a slot still to come or without data): the line stops, no point */
  data: Array<number | null>;
  color?: string;
  type?: 'line' | 'bar';
}

/** The slot under way: its index, and what its tooltip adds (e.g. 今日截至当前). */
export interface PartialSlot {
  index: number;
  note: string;
}

/** The largest value of the series (0 when none). */
export const maxOf = (series: LineSeries[]) => Math.max(0, ...series.flatMap((s) => s.data.filter((v): v is number => v !== null)));

/** The slot under way among rows flagged partial, or undefined. */
export function partialSlot(rows: ReadonlyArray<{ partial?: boolean }>, note: string): PartialSlot | undefined {
  const index = rows.findIndex((r) => r.partial);
  return index < 0 ? undefined : { index, note };
}

const fmt = (v: number) => v.toLocaleString('zh-CN');

/**
 * Axis tooltip: one line per series name (a partial slot's helper series shares its name), values
 * missing shown as —, and the partial slot's note after its label.
 */
export function tooltipFormatter(partial: PartialSlot | undefined, unit?: string, colors: ReadonlyMap<string, string> = new Map()) {
  return (
    params: Array<{ seriesName: string; value: number | null | { value: number | null }; marker: string; dataIndex: number; axisValueLabel: string }>,
  ) => {
    if (!params.length) return '';
    const byName = new Map<string, { marker: string; value: number | null }>();
    for (const p of params) {
      const raw = p.value !== null && typeof p.value === 'object' ? p.value.value : p.value;
      const v = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
      const seen = byName.get(p.seriesName);
      // a hollow partial bar's own marker is transparent: draw the series colour's
      const color = colors.get(p.seriesName);
      const marker = color
        ? `<span style="display:inline-block;margin-right:4px;border-radius:10px;width:10px;height:10px;background-color:${color}"></span>`
        : p.marker;
      if (!seen || seen.value === null) byName.set(p.seriesName, { marker, value: v });
    }
    const head = params[0].axisValueLabel + (partial && params[0].dataIndex === partial.index ? `（${partial.note}）` : '');
    // spec §9: the dispatch and turnover rates (unit %) show two decimals in the tooltip
    const show = unit === '%' ? (v: number) => `${v.toFixed(2)}%` : fmt;
    const lines = [...byName.entries()].map(
      ([name, { marker, value }]) =>
        `<div>${marker}${name}<span style="float:right;margin-left:16px;font-weight:600">${value === null ? '—' : show(value)}</span></div>`,
    );
    return `<div>${head}</div>${lines.join('')}`;
  };
}

/** Bars: the partial slot's bar hollow with a dashed border. */
function barData(s: LineSeries, partial: PartialSlot | undefined) {
  if (!partial) return s.data;
  return s.data.map((v, i) =>
    i === partial.index && v !== null
      ? { value: v, itemStyle: { color: 'rgba(0, 0, 0, 0)', borderColor: s.color, borderWidth: 1.5, borderType: 'dashed' } }
      : v,
  );
}

/** Lines: the partial point reached by a dashed segment and drawn hollow (a helper series of the same name). */
function partialLine(s: LineSeries, partial: PartialSlot, base: Record<string, unknown>) {
  const i = partial.index;
  const data = s.data.map((v, j) => (j === i - 1 || j === i ? v : null));
  return {
    ...base,
    data,
    symbol: 'emptyCircle',
    symbolSize: (_: unknown, p: { dataIndex: number }) => (p.dataIndex === i ? 8 : 0),
    lineStyle: { width: 2, type: 'dashed' },
    areaStyle: undefined,
    z: 3,
  };
}

/** Split count of a y axis capped at one of the spec §9 steps (4, 8, 16 → 4 splits; 30, 50 → 5). */
export function axisSplits(yMax: number | undefined): number | undefined {
  if (yMax === undefined) return undefined;
  if ([4, 8, 16].includes(yMax)) return 4;
  if ([30, 50].includes(yMax)) return 5;
  return undefined;
}

/**
 * A dark line (or bar) chart of series over x labels; `yMax` caps the y axis (spec §9 steps). Null
 * values are gaps; `partial` marks the slot under way (dashed segment and hollow point, or a hollow
 * bar) and names it in the tooltip.
 */
export function lineOption(
  x: string[],
  series: LineSeries[],
  opts: { yMax?: number; unit?: string; area?: boolean; legend?: boolean; partial?: PartialSlot } = {},
) {
  const partial = opts.partial && opts.partial.index < x.length ? opts.partial : undefined;
  const out: Record<string, unknown>[] = [];
  for (const s of series) {
    const base = {
      name: s.name,
      type: s.type ?? 'line',
      smooth: 0.25,
      symbolSize: 5,
      barMaxWidth: 14,
      itemStyle: s.color ? { color: s.color } : undefined,
      lineStyle: { width: 2 },
      areaStyle: opts.area ? { opacity: 0.12 } : undefined,
    };
    if (s.type === 'bar' || !partial) {
      out.push({ ...base, data: s.type === 'bar' ? barData(s, partial) : s.data });
      continue;
    }
    // the solid line stops before the partial slot; the helper draws the dashed step into it
    out.push({ ...base, data: s.data.map((v, j) => (j === partial.index ? null : v)) });
    out.push(partialLine(s, partial, base));
  }
  return {
    grid: { left: 8, right: 12, top: opts.legend === false ? 12 : 28, bottom: 4, containLabel: true },
    tooltip: { ...tooltip, formatter: tooltipFormatter(partial, opts.unit, new Map(series.flatMap((s) => (s.color ? [[s.name, s.color] as const] : [])))) },
    legend: opts.legend === false ? { show: false } : legend,
    xAxis: { type: 'category', data: x, boundaryGap: series.some((s) => s.type === 'bar'), ...axisStyle },
    yAxis: {
      type: 'value',
      max: opts.yMax,
      interval: opts.yMax && axisSplits(opts.yMax) ? opts.yMax / axisSplits(opts.yMax)! : undefined,
      minInterval: 1,
      name: opts.unit,
      nameTextStyle: { color: MUTED, fontSize: 11 },
      ...axisStyle,
    },
    series: out,
  };
}
