import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './contentDisposition';

describe('fileNameFromDisposition', () => {
  it('decodes RFC 5987 names', () => {
    const h = `attachment; filename="site.xlsx"; filename*=UTF-8''%E7%AB%99%E7%82%B9%E4%BD%BF%E7%94%A8%E7%BB%9F%E8%AE%A1.xlsx`;
    expect(fileNameFromDisposition(h)).toBe('站点使用统计.xlsx');
    expect(fileNameFromDisposition(`attachment; filename*=utf-8'zh'%E8%BD%A6%E8%BE%86.xls`)).toBe('车辆.xls');
  });
  it('reads plain and quoted names', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameFromDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(fileNameFromDisposition('attachment; filename="q\\"x.xls"')).toBe('q"x.xls');
  });
  it('falls back on bad or missing headers', () => {
    expect(fileNameFromDisposition(null)).toBe('download');
    expect(fileNameFromDisposition('attachment', 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'f')).toBe('f');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="ok.xls"`)).toBe('ok.xls');
  });
});
