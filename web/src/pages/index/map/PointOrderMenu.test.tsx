// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import L from 'leaflet';
import { describe, expect, it, vi } from 'vitest';
import PointOrderMenu, { usePointMenu } from './PointOrderMenu';

function Harness({ map, enabled, onPick }: { map: L.Evented; enabled: boolean; onPick: (p: { lon: number; lat: number }) => void }) {
  const [menu, close] = usePointMenu(map, enabled);
  return menu ? (
    <PointOrderMenu
      menu={menu}
      onPick={(p) => {
        onPick(p);
        close();
      }}
    />
  ) : null;
}

/** A map's events without a map (Leaflet's Evented is abstract in its types only). */
const evented = () => new (L.Evented as unknown as new () => L.Evented)();

const rightClick = (map: L.Evented) =>
  act(() => {
    map.fire('contextmenu', { latlng: L.latLng(39.98123449, 116.31234567), containerPoint: L.point(120, 80) });
  });

describe('在此派单 (right-click on the home map)', () => {
  it('opens at the point with its GCJ-02 position to 6 decimals; the item hands the point over and closes', () => {
    const map = evented();
    const onPick = vi.fn();
    render(<Harness map={map} enabled onPick={onPick} />);
    expect(screen.queryByTestId('map-point-menu')).toBeNull();
    rightClick(map);
    const menu = screen.getByTestId('map-point-menu');
    expect(menu.style.left).toBe('120px');
    expect(menu.style.top).toBe('80px');
    expect(menu.textContent).toBe('在此派单116.312346, 39.981234');
    fireEvent.click(screen.getByRole('menuitem', { name: '在此派单' }));
    expect(onPick).toHaveBeenCalledWith({ lon: 116.312346, lat: 39.981234 });
    expect(screen.queryByTestId('map-point-menu')).toBeNull();
  });

  it('closes on a move, a click or Escape', () => {
    const map = evented();
    render(<Harness map={map} enabled onPick={() => {}} />);
    const closers = [() => void map.fire('movestart'), () => void map.fire('click'), () => void fireEvent.keyDown(window, { key: 'Escape' })];
    for (const close of closers) {
      rightClick(map);
      expect(screen.getByTestId('map-point-menu')).toBeTruthy();
      act(close);
      expect(screen.queryByTestId('map-point-menu')).toBeNull();
    }
  });

  it('offers nothing when not enabled (no 处理工单, drawing, a flow map)', () => {
    const map = evented();
    render(<Harness map={map} enabled={false} onPick={() => {}} />);
    rightClick(map);
    expect(screen.queryByTestId('map-point-menu')).toBeNull();
  });
});
