import { describe, expect, it } from 'vitest';
import { entriesOf } from '../lib/permission';
import { COMPANY_CHILDREN, MENU, RATING_CHILDREN, SCREENS, landingOf, mayOpen, mayOpenPath, sectionOf } from './screens';

describe('the screen table', () => {
  it('lists the ten desk sections in the menu, in spec §2 order', () => {
    expect(MENU).toEqual([
      'warn',
      'dailyDuty',
      'deviceManagement',
      'operation',
      'miBicycle',
      'ratingEvaluation',
      'companyManagement',
      'inforManagement',
      'systemSettings',
      'regionalSettings',
    ]);
    for (const key of MENU) expect(SCREENS[key].permission, key).toBe(key);
  });

  it("gives a section's tabs in table order, each under its section's path", () => {
    expect(RATING_CHILDREN).toEqual(['rateIndex', 'rateGrade', 'rateSetting']);
    expect(COMPANY_CHILDREN).toEqual([
      'company',
      'sum',
      'check',
      'siteSync',
      'dispatchSync',
      'requestSync',
      'bikeSync',
      'bikeOutSideFee',
      'bikeRideOrder',
      'bikeFiling',
    ]);
    for (const key of COMPANY_CHILDREN) expect(sectionOf(key)).toBe('companyManagement');
  });

  it("opens a tab by its section's menu permission; the big screen to all", () => {
    const company = [{ id: 7 }];
    expect(mayOpen(company, 'companyManagement')).toBe(true);
    expect(mayOpen(company, 'bikeFiling')).toBe(true);
    expect(mayOpen(company, 'rateIndex')).toBe(false);
    expect(mayOpen(company, 'warn')).toBe(false);
    expect(mayOpen([], 'index')).toBe(true);
  });

  it("opens a link by the section its path names (a tab's, with its query), a page outside the table to all", () => {
    const company = [{ id: 7 }];
    expect(mayOpenPath(company, '/companyManagement/bikeFiling?x=1')).toBe(true);
    expect(mayOpenPath(company, '/systemSettings/audit?roleId=27&auditStatus=0')).toBe(false);
    expect(mayOpenPath(company, '/regionalSettings')).toBe(false);
    expect(mayOpenPath([], '/index')).toBe(true);
    expect(mayOpenPath([], '/login')).toBe(true);
  });

  it('lands a user without the big screen on their first desk section, a field-only user on the field app', () => {
    expect(landingOf(entriesOf(['company.export', 'warn']))).toBe('/warn');
    expect(landingOf(entriesOf(['field', 'field.clock', 'miBicycle']))).toBe('/miBicycle');
    expect(landingOf(entriesOf(['field', 'field.clock']))).toBe('/field');
    // on a phone the field app first: a maintainer's role also holds 日常值守
    expect(landingOf(entriesOf(['dailyDuty', 'field', 'field.clock']), true)).toBe('/field');
    expect(landingOf(entriesOf(['dailyDuty']), true)).toBe('/dailyDuty');
    expect(landingOf([])).toBeNull();
    expect(MENU).not.toContain('field');
    expect(SCREENS.field).toMatchObject({ path: '/field', permission: 'field', unguarded: true });
  });
});
