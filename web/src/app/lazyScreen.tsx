/** Lazy screens: one chunk each, with the 120 s load limit of spec §8. */
import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../lib/constants';
import ChunkLoadFailed from './ChunkLoadFailed';

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

/** Run `load`, failing with a ChunkLoadError when it fails or takes longer than `ms`. */
export function loadWithTimeout<T>(load: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`页面脚本加载超时（${Math.round(ms / 1000)} 秒）`)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('页面脚本加载失败', { cause: err }));
      },
    );
  });
}

export function isChunkLoadError(err: unknown): boolean {
  return err instanceof ChunkLoadError || (err instanceof Error && err.name === 'ChunkLoadError');
}

/**
 * Route `lazy` for a screen module whose default export is the screen. A failed or timed-out load
 * resolves to a screen that says so with a 重新加载 button: React Router treats a route whose
 * `lazy` rejected as still loading and would render nothing.
 */
export function screen(load: () => Promise<{ default: ComponentType }>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const mod = await loadWithTimeout(load);
      return { Component: mod.default };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { Component: () => <ChunkLoadFailed message={message} /> };
    }
  };
}
