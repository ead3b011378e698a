/** The per-brand counts of a site message or history row (currentBike JSON text). */
export interface BrandCount {
  brand_id?: number;
  brand_name: string;
  num: number;
}

export interface CurrentBike {
  nowBike: BrandCount[];
  nowEBike: BrandCount[];
}

const list = (v: unknown): BrandCount[] =>
  Array.isArray(v)
    ? v
        .filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
        .map((x) => ({ brand_id: Number(x.brand_id) || undefined, brand_name: String(x.brand_name ?? ''), num: Number(x.num) || 0 }))
    : [];

/** Parse currentBike; anything unreadable gives empty lists. */
export function parseCurrentBike(text: string | null | undefined): CurrentBike {
  try {
    const v = JSON.parse(text ?? '') as Record<string, unknown>;
    return { nowBike: list(v?.nowBike), nowEBike: list(v?.nowEBike) };
  } catch {
    return { nowBike: [], nowEBike: [] };
  }
}
