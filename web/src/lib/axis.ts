const STEPS = [4, 8, 16, 30, 50];

/** Y-axis maximum (spec §9): the smallest of 4, 8, 16, 30, 50 that is ≥ max, else max itself. */
export function axisMax(max: number): number {
  if (!Number.isFinite(max)) return STEPS[0];
  return STEPS.find((s) => s >= max) ?? max;
}
