/** Dark big-screen chart styling and brand colours shared by the home screen's echarts options. */

export const TEXT = '#cfe3ff';
export const MUTED = '#6f8fbf';
export const LINE = '#1c3f73';

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
  data: number[];
  color?: string;
  type?: 'line' | 'bar';
}

/** Split count of a y axis capped at one of the spec §9 steps (4, 8, 16 → 4 splits; 30, 50 → 5). */
export function axisSplits(yMax: number | undefined): number | undefined {
  if (yMax === undefined) return undefined;
  if ([4, 8, 16].includes(yMax)) return 4;
  if ([30, 50].includes(yMax)) return 5;
  return undefined;
}

/** A dark line (or bar) chart of series over x labels; `yMax` caps the y axis (spec §9 steps). */
export function lineOption(x: string[], series: LineSeries[], opts: { yMax?: number; unit?: string; area?: boolean; legend?: boolean } = {}) {
  return {
    grid: { left: 8, right: 12, top: opts.legend === false ? 12 : 28, bottom: 4, containLabel: true },
    tooltip,
    legend: opts.legend === false ? { show: false } : legend,
    xAxis: { type: 'category', data: x, boundaryGap: series.some((s) => s.type === 'bar'), ...axisStyle },
    yAxis: { type: 'value', max: opts.yMax, interval: opts.yMax && axisSplits(opts.yMax) ? opts.yMax / axisSplits(opts.yMax)! : undefined, minInterval: 1, name: opts.unit, nameTextStyle: { color: MUTED, fontSize: 11 }, ...axisStyle },
    series: series.map((s) => ({
      name: s.name,
      type: s.type ?? 'line',
      data: s.data,
      smooth: 0.25,
      symbolSize: 5,
      barMaxWidth: 14,
      itemStyle: s.color ? { color: s.color } : undefined,
      lineStyle: { width: 2 },
      areaStyle: opts.area ? { opacity: 0.12 } : undefined,
    })),
  };
}
