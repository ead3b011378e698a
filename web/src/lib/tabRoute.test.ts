import { describe, expect, it } from 'vitest';
import { tabOf, tabRoute } from './tabRoute';

describe('tabRoute', () => {
  it('keeps the first two hash segments and appends the segment', () => {
    expect(tabRoute('#/operation/3', '5')).toBe('/operation/5');
    expect(tabRoute('#/operation', 'a')).toBe('/operation/a');
    expect(tabRoute('#/warn/1/2/3', 7)).toBe('/warn/7');
  });
  it('keeps three segments under companyManagement, whatever the case', () => {
    expect(tabRoute('#/companyManagement/company/2', '9')).toBe('/companyManagement/company/9');
    expect(tabRoute('#/CompanyManagement/sum', 'x')).toBe('/CompanyManagement/sum/x');
    expect(tabRoute('#/companymanagement', 'company')).toBe('/companymanagement/company');
  });
  it('accepts a hash without # and ignores a query string', () => {
    expect(tabRoute('/dailyDuty/1', '2')).toBe('/dailyDuty/2');
    expect(tabRoute('#/dailyDuty/1?x=1', '2')).toBe('/dailyDuty/2');
  });
  it('handles empty hashes and segments', () => {
    expect(tabRoute('', 'login')).toBe('/login');
    expect(tabRoute('#/operation/3', '')).toBe('/operation');
    expect(tabRoute('#/operation/3', '/4')).toBe('/operation/4');
  });
  it('reads back the segment it appends', () => {
    expect(tabOf('#/systemSettings/roles')).toBe('roles');
    expect(tabOf('/systemSettings')).toBe('');
    expect(tabOf('#/companyManagement/company/2?x=1')).toBe('2');
    expect(tabOf(tabRoute('#/operation/3', 'rank'))).toBe('rank');
  });
});
