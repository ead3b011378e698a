import { describe, expect, it } from 'vitest';
import { uploadUrl } from './upload';

describe('uploadUrl', () => {
  it('puts bare file names under /uploads/', () => {
    expect(uploadUrl('a.png')).toBe('/uploads/a.png');
    expect(uploadUrl('uploads/a.png')).toBe('/uploads/a.png');
    expect(uploadUrl('./a.png')).toBe('/uploads/a.png');
  });
  it('keeps absolute URLs and paths', () => {
    expect(uploadUrl('/uploads/b.jpg')).toBe('/uploads/b.jpg');
    expect(uploadUrl('https://x.cn/c.jpg')).toBe('https://x.cn/c.jpg');
  });
  it('gives empty text for missing values', () => {
    expect(uploadUrl(null)).toBe('');
    expect(uploadUrl('  ')).toBe('');
  });
});
