import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadWithTimeout, screen } from './lazyScreen';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadWithTimeout', () => {
  it('resolves with the module', async () => {
    await expect(loadWithTimeout(() => Promise.resolve(42))).resolves.toBe(42);
  });
  it('turns a failed import into a ChunkLoadError', async () => {
    const err = await loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(err)).toBe(true);
    expect((err as Error).cause).toBeInstanceOf(TypeError);
  });
  it('fails after 120 s by default', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<never>(() => {}));
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void caught.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await caught;
    expect(isChunkLoadError(err)).toBe(true);
    expect((err as Error).message).toContain('120');
  });
});

describe('screen', () => {
  it('resolves a failed load to the 页面加载失败 screen instead of rejecting', async () => {
    const { Component } = await screen(() => Promise.reject(new TypeError('x')))();
    const el = (Component as unknown as () => { props: { message: string } })();
    expect(el.props.message).toBe('页面脚本加载失败');
  });
  it('hands the default export to the router as Component', async () => {
    const Comp = () => null;
    await expect(screen(() => Promise.resolve({ default: Comp }))()).resolves.toEqual({ Component: Comp });
  });
  it('is not fooled by other errors', () => {
    expect(isChunkLoadError(new Error('x'))).toBe(false);
    expect(isChunkLoadError('x')).toBe(false);
  });
});
