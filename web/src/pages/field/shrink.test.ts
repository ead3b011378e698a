import { describe, expect, it, vi } from 'vitest';
import { JPEG_QUALITY, MAX_SIDE, shrinkPhoto, shrinkSize, type ImageTools } from './shrink';

describe('shrinkSize', () => {
  it('brings the longest side to 1600 px, keeping the proportions', () => {
    expect(MAX_SIDE).toBe(1600);
    expect(shrinkSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(shrinkSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(shrinkSize(4032, 1908)).toEqual({ width: 1600, height: 757 });
    expect(shrinkSize(1601, 1601)).toEqual({ width: 1600, height: 1600 });
  });

  it('leaves a picture that fits alone', () => {
    expect(shrinkSize(1600, 1200)).toBeNull();
    expect(shrinkSize(800, 600)).toBeNull();
    expect(shrinkSize(1600, 1600)).toBeNull();
  });

  it('never gives a side of 0, and ignores sizes it cannot read', () => {
    expect(shrinkSize(10000, 2)).toEqual({ width: 1600, height: 1 });
    expect(shrinkSize(0, 0)).toBeNull();
    expect(shrinkSize(Number.NaN, 100)).toBeNull();
  });
});

describe('shrinkPhoto', () => {
  const tools = (width: number, height: number): ImageTools & { encode: ReturnType<typeof vi.fn> } => ({
    decode: vi.fn(() => Promise.resolve({ width, height, source: {} as CanvasImageSource })),
    encode: vi.fn(() => Promise.resolve(new Blob(['small'], { type: 'image/jpeg' }))),
  });

  it('draws a large photo at 1600 px as a JPEG of quality 0.8', async () => {
    const t = tools(4000, 3000);
    const big = new Blob([new Uint8Array(4_000_000)], { type: 'image/jpeg' });
    const out = await shrinkPhoto(big, 'IMG_0001.HEIC.jpeg', t);
    expect(t.encode).toHaveBeenCalledWith({}, 1600, 1200, JPEG_QUALITY);
    expect(JPEG_QUALITY).toBe(0.8);
    expect(out.blob.size).toBe(5);
    expect(out.name).toBe('IMG_0001.HEIC.jpg');
  });

  it('keeps a small JPEG, PNG or WebP as it is', async () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      const t = tools(1200, 900);
      const small = new Blob(['x'], { type });
      const out = await shrinkPhoto(small, 'a.png', t);
      expect(out.blob).toBe(small);
      expect(out.name).toBe('a.png');
      expect(t.encode).not.toHaveBeenCalled();
    }
  });

  it('turns a small picture of another type (a HEIC the browser decodes) into a JPEG of its own size', async () => {
    const t = tools(1000, 800);
    const out = await shrinkPhoto(new Blob(['x'], { type: 'image/heic' }), 'IMG_2.heic', t);
    expect(t.encode).toHaveBeenCalledWith({}, 1000, 800, JPEG_QUALITY);
    expect(out.name).toBe('IMG_2.jpg');
  });

  it('keeps the picture as taken when it cannot be decoded or encoded', async () => {
    const file = new Blob(['not an image'], { type: 'image/jpeg' });
    const broken: ImageTools = { decode: () => Promise.reject(new Error('bad')), encode: vi.fn() };
    expect(await shrinkPhoto(file, 'a.jpg', broken)).toEqual({ blob: file, name: 'a.jpg' });
    const close = vi.fn();
    const noCanvas: ImageTools = {
      decode: () => Promise.resolve({ width: 5000, height: 5000, source: {} as CanvasImageSource, close }),
      encode: () => Promise.reject(new Error('canvas 不可用')),
    };
    expect(await shrinkPhoto(file, 'a.jpg', noCanvas)).toEqual({ blob: file, name: 'a.jpg' });
    expect(close).toHaveBeenCalled();
  });
});
