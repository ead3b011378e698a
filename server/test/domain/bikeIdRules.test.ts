/** The enterprise rules that turn a BLE name or a MAC into a bike id (domain/bikeIdRules.ts): pure. */
import { describe, expect, it } from 'vitest';
import { applyRule, firstMatch, normalMac, overlapping, ruleInput, ruleProblem, rulesOverlap, type BikeIdRule } from '../../src/domain/bikeIdRules.js';

const rule = (r: Partial<BikeIdRule>): BikeIdRule => ({
  namePrefix: '',
  nameLength: null,
  bikeIdPrefix: '',
  bikeIdLength: null,
  bikeIdExtractStart: 0,
  bikeIdExtractLength: null,
  ...r,
});
// the demo's 青桔 rules: BLE name QJBLE_00000123 → QJ00000123; MAC E0:B6:F5:00:01:23 → QJ00000123
const NAME = rule({ namePrefix: 'QJBLE_', nameLength: 14, bikeIdPrefix: 'QJ', bikeIdLength: 10, bikeIdExtractStart: 6, bikeIdExtractLength: 8 });
const MAC = rule({ namePrefix: 'E0B6F50', nameLength: 12, bikeIdPrefix: 'QJ000', bikeIdLength: 10, bikeIdExtractStart: 7, bikeIdExtractLength: 5 });

describe('applyRule', () => {
  it('turns a BLE name into a bike id', () => {
    expect(applyRule(NAME, 'QJBLE_00000123')).toBe('QJ00000123');
    expect(applyRule(NAME, 'MTBLE_00000123')).toBeNull(); // another prefix
    expect(applyRule(NAME, 'QJBLE_0000012')).toBeNull(); // another length
    expect(applyRule(NAME, null)).toBeNull();
    expect(applyRule(NAME, '')).toBeNull();
  });

  it('turns a MAC (any case, with or without separators) into a bike id', () => {
    expect(normalMac('e0:b6:f5:00:01:23')).toBe('E0B6F5000123');
    expect(normalMac('E0-B6-F5-00-01-23')).toBe('E0B6F5000123');
    expect(applyRule(MAC, ruleInput(2, { mac: 'e0:b6:f5:00:01:23', name: 'whatever' }))).toBe('QJ00000123');
    // an unfiled bike's MAC (serial 9…) is outside the rule
    expect(applyRule(MAC, normalMac('E0:B6:F5:90:00:04'))).toBeNull();
    expect(ruleInput(1, { mac: 'E0:B6:F5:00:01:23', name: 'QJBLE_00000123' })).toBe('QJBLE_00000123');
  });

  it('extracts to the end when no extract length is set, and checks the bike id length', () => {
    expect(applyRule(rule({ namePrefix: 'AB', bikeIdPrefix: 'X', bikeIdExtractStart: 2 }), 'AB1234')).toBe('X1234');
    expect(applyRule(rule({ namePrefix: 'AB', bikeIdPrefix: 'X', bikeIdExtractStart: 2, bikeIdLength: 4 }), 'AB1234')).toBeNull();
    // a name too short for the range: no bike id (never a shorter one)
    expect(applyRule(rule({ namePrefix: 'AB', bikeIdExtractStart: 2, bikeIdExtractLength: 6 }), 'AB1234')).toBeNull();
    expect(applyRule(rule({ namePrefix: 'AB', bikeIdExtractStart: 2 }), 'AB')).toBeNull();
  });

  it('takes the first rule that fits, with its enterprise', () => {
    const rules = [
      { ...NAME, brandId: 3 },
      { ...rule({ namePrefix: 'MTBLE_', nameLength: 14, bikeIdPrefix: 'MT', bikeIdExtractStart: 6 }), brandId: 1 },
    ];
    expect(firstMatch(rules, 'MTBLE_00000007')).toMatchObject({ bikeId: 'MT00000007', brandId: 1 });
    expect(firstMatch(rules, 'HLBLE_00000007')).toBeNull();
  });
});

describe('ruleProblem', () => {
  it('accepts the demo rules', () => {
    expect(ruleProblem(1, NAME)).toBeNull();
    expect(ruleProblem(2, MAC)).toBeNull();
  });

  it('refuses an extract range past the length, naming the fields', () => {
    const p = ruleProblem(1, { ...NAME, bikeIdExtractStart: 8, bikeIdExtractLength: 8 });
    expect(p).toContain('bikeIdExtractStart');
    expect(p).toContain('bikeIdExtractLength');
    expect(p).toContain('nameLength');
    expect(p).toMatch(/超出/);
    expect(ruleProblem(1, { ...NAME, bikeIdExtractStart: 14, bikeIdExtractLength: null })).toContain('bikeIdExtractStart');
    // a MAC is 12 long even when nameLength is not given
    expect(ruleProblem(2, { ...MAC, nameLength: null, bikeIdExtractStart: 8 })).toMatch(/超出MAC长度/);
  });

  it('refuses what cannot be right', () => {
    expect(ruleProblem(1, rule({ bikeIdPrefix: 'X' }))).toMatch(/namePrefix/); // would match everything
    expect(ruleProblem(2, { ...MAC, namePrefix: 'E0:B6' })).toMatch(/十六进制/);
    expect(ruleProblem(2, { ...MAC, nameLength: 17 })).toMatch(/12/);
    expect(ruleProblem(1, { ...NAME, namePrefix: 'QJBLE_0000000000' })).toMatch(/前缀/);
    expect(ruleProblem(1, { ...NAME, bikeIdLength: 11 })).toContain('bikeIdLength');
    expect(ruleProblem(1, rule({ namePrefix: 'A', bikeIdPrefix: 'ABCD', bikeIdLength: 4 }))).toContain('bikeIdPrefix');
  });
});

describe('rulesOverlap', () => {
  it('two rules that would fit the same name overlap', () => {
    expect(rulesOverlap(1, NAME, { ...NAME, bikeIdPrefix: 'QX' })).toBe(true);
    expect(rulesOverlap(1, NAME, rule({ namePrefix: 'QJ', nameLength: 14 }))).toBe(true); // prefix of the other
    expect(rulesOverlap(1, NAME, rule({ namePrefix: 'QJB' }))).toBe(true); // any length
    expect(rulesOverlap(2, MAC, rule({ namePrefix: 'E0B6F5' }))).toBe(true); // a MAC is 12 long
  });

  it('rules that cannot fit the same name do not', () => {
    expect(rulesOverlap(1, NAME, { ...NAME, namePrefix: 'MTBLE_' })).toBe(false);
    expect(rulesOverlap(1, NAME, { ...NAME, nameLength: 15 })).toBe(false);
    expect(rulesOverlap(1, rule({ namePrefix: 'QJBLE_LONGER' }), rule({ namePrefix: 'QJ', nameLength: 8 }))).toBe(false);
    expect(rulesOverlap(2, MAC, { ...MAC, namePrefix: 'E0B6F59' })).toBe(false);
    expect(
      overlapping(2, MAC, [
        { ...MAC, namePrefix: 'C8478C' },
        { ...MAC, bikeIdPrefix: 'QX000' },
      ]),
    ).toBe(1);
  });
});
