// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapViewProps } from './MapView';

/** The map's chunk, controlled by each test: resolved or refused when the test says so. */
const chunk = vi.hoisted(() => ({
  loaded: null as { default: (p: MapViewProps) => unknown } | null,
  settle: null as null | { resolve: (m: unknown) => void; reject: (e: unknown) => void },
}));
vi.mock('./preload', () => ({
  preloadHomeMap: vi.fn(),
  loadedMapView: () => chunk.loaded,
  loadMapView: () =>
    new Promise((resolve, reject) => {
      chunk.settle = { resolve, reject };
    }),
}));

import HomeMap from './HomeMap';

const View = ({ areaId }: MapViewProps) => <div data-testid="map-view">{areaId}</div>;

function show() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <HomeMap areaId="110108" />
    </QueryClientProvider>,
  );
}

describe('HomeMap: the map chunk as state', () => {
  beforeEach(() => {
    chunk.loaded = null;
    chunk.settle = null;
  });

  it('draws the map in its first render when the chunk has loaded already (no loading box)', () => {
    chunk.loaded = { default: View };
    show();
    expect(screen.getByTestId('map-view').textContent).toBe('110108');
    expect(screen.queryByTestId('home-map-loading')).toBeNull();
  });

  it('says 地图加载中… until the chunk arrives, then draws the map in the same tick', async () => {
    show();
    expect(screen.getByTestId('home-map-loading').textContent).toContain('地图加载中');
    await act(async () => chunk.settle!.resolve({ default: View }));
    expect(screen.getByTestId('map-view').textContent).toBe('110108');
    expect(screen.queryByTestId('home-map-loading')).toBeNull();
  });

  it('says why when the chunk fails and offers 重新加载', async () => {
    show();
    await act(async () => chunk.settle!.reject(new Error('地图脚本加载超时')));
    const failed = screen.getByTestId('home-map-failed');
    expect(failed.textContent).toContain('地图脚本加载超时，请重新加载');
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeTruthy();
  });
});
