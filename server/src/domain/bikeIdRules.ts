/**
 * An enterprise's rules that turn what a pile hears into a bike id (spec §3 MAC rule, issue 29
 * point 4): kind 1 reads the BLE name, kind 2 the MAC (upper-case, without separators: 12 hex
 * digits). A rule fits a name that starts with `namePrefix` and, when `nameLength` is set, has that
 * length; the bike id is `bikeIdPrefix` + the name's `bikeIdExtractLength` characters from
 * `bikeIdExtractStart` (0-based; to the end when no length), and must be `bikeIdLength` long when set.
 */

/** 1 a BLE-name rule, 2 a MAC rule. */
export type RuleKind = 1 | 2;

/** A heard bike is not uploaded when its operator sent no report of it from this long before it was heard on. */
export const NOT_UPLOADED_HOURS = 24;

export interface BikeIdRule {
  namePrefix: string;
  nameLength: number | null;
  bikeIdPrefix: string;
  bikeIdLength: number | null;
  bikeIdExtractStart: number;
  bikeIdExtractLength: number | null;
}

/** A MAC as the MAC rules read it: upper-case hex without ':' or '-' (AA:bb-cc… → AABBCC…). */
export const normalMac = (mac: string) => mac.replace(/[^0-9a-f]/gi, '').toUpperCase();

/** What a rule reads of a sighting: the BLE name (kind 1) or the normalised MAC (kind 2). */
export const ruleInput = (kind: RuleKind, s: { mac: string; name: string | null }) => (kind === 2 ? normalMac(s.mac) : s.name);

/** The bike id a rule gives for a name (kind 1) or normalised MAC (kind 2), or null when it does not fit. */
export function applyRule(rule: BikeIdRule, input: string | null | undefined): string | null {
  if (!input) return null;
  if (rule.namePrefix && !input.startsWith(rule.namePrefix)) return null;
  if (rule.nameLength && input.length !== rule.nameLength) return null;
  const end = rule.bikeIdExtractLength ? rule.bikeIdExtractStart + rule.bikeIdExtractLength : input.length;
  if (end > input.length) return null;
  const part = input.slice(rule.bikeIdExtractStart, end);
  const bikeId = rule.bikeIdPrefix + part;
  if (!part || (rule.bikeIdLength && bikeId.length !== rule.bikeIdLength)) return null;
  return bikeId;
}

/** The first of the rules (in order) that gives a bike id for the input, with its enterprise. */
export function firstMatch<R extends BikeIdRule & { brandId: number }>(rules: readonly R[], input: string | null | undefined) {
  for (const r of rules) {
    const bikeId = applyRule(r, input);
    if (bikeId) return { bikeId, brandId: r.brandId, rule: r };
  }
  return null;
}

/** The Chinese reason a rule cannot be saved (what to change), or null. MAC rules read 12 hex digits. */
export function ruleProblem(kind: RuleKind, r: BikeIdRule): string | null {
  const what = kind === 2 ? 'MAC' : '名称';
  if (!r.namePrefix && !r.nameLength) return `请至少填写${what}前缀 namePrefix 或${what}长度 nameLength，否则规则会匹配所有设备`;
  if (kind === 2) {
    if (!/^[0-9A-F]*$/.test(r.namePrefix)) return 'MAC 前缀 namePrefix 只能是十六进制字符（0-9、A-F，不含冒号），如 E0B6F5';
    if (r.nameLength && r.nameLength !== 12) return 'MAC 长度 nameLength 须为 12（去掉冒号的 MAC），或不填';
  }
  const length = r.nameLength ?? (kind === 2 ? 12 : null);
  if (length !== null && r.namePrefix.length > length)
    return `${what}前缀 namePrefix（${r.namePrefix.length} 位）长于${what}长度 nameLength（${length}），请改短前缀或改大长度`;
  if (length !== null && r.bikeIdExtractStart >= length)
    return `提取起始位置 bikeIdExtractStart（${r.bikeIdExtractStart}）超出${what}长度 nameLength（${length}），起始位置从 0 算起，须小于 ${length}`;
  if (length !== null && r.bikeIdExtractLength && r.bikeIdExtractStart + r.bikeIdExtractLength > length)
    return `提取范围超出${what}长度：提取起始位置 bikeIdExtractStart（${r.bikeIdExtractStart}）+ 提取长度 bikeIdExtractLength（${r.bikeIdExtractLength}）= ${r.bikeIdExtractStart + r.bikeIdExtractLength}，大于${what}长度 nameLength（${length}），请改小起始位置或提取长度`;
  if (r.bikeIdLength && r.bikeIdExtractLength && r.bikeIdPrefix.length + r.bikeIdExtractLength !== r.bikeIdLength)
    return `车辆编号长度 bikeIdLength（${r.bikeIdLength}）须等于车辆编号前缀 bikeIdPrefix 的长度（${r.bikeIdPrefix.length}）+ 提取长度 bikeIdExtractLength（${r.bikeIdExtractLength}）`;
  if (r.bikeIdLength && r.bikeIdPrefix.length >= r.bikeIdLength)
    return `车辆编号前缀 bikeIdPrefix（${r.bikeIdPrefix.length} 位）须短于车辆编号长度 bikeIdLength（${r.bikeIdLength}）`;
  return null;
}

/**
 * Could two rules of one kind fit the same name or MAC? Their prefixes must agree (one starts the
 * other) and their lengths must allow a common input (equal, or either unset and long enough).
 */
export function rulesOverlap(kind: RuleKind, a: BikeIdRule, b: BikeIdRule): boolean {
  const [short, long] = a.namePrefix.length <= b.namePrefix.length ? [a, b] : [b, a];
  if (!long.namePrefix.startsWith(short.namePrefix)) return false;
  const la = a.nameLength ?? (kind === 2 ? 12 : null);
  const lb = b.nameLength ?? (kind === 2 ? 12 : null);
  if (la !== null && lb !== null) return la === lb && la >= long.namePrefix.length;
  const fixed = la ?? lb;
  return fixed === null || fixed >= long.namePrefix.length;
}

/** The index of the first of `others` that overlaps `rule`, or -1. */
export const overlapping = (kind: RuleKind, rule: BikeIdRule, others: readonly BikeIdRule[]) => others.findIndex((o) => rulesOverlap(kind, rule, o));
