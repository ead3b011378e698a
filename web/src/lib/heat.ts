/** Heat-map weight of a site flag (spec §9): 0→0, 4→5, 3→15, 2→20, anything else 10. */
export function heatWeight(flag: number | string | null | undefined): number {
  switch (Number(flag)) {
    case 0:
      return 0;
    case 4:
      return 5;
    case 3:
      return 15;
    case 2:
      return 20;
    default:
      return 10;
  }
}
