// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Providers from '../../../app/Providers';
import { logIn } from '../../../test/session';
import { ok, stubFetch } from '../../../test/stubFetch';
import SiteInfoWindow, { brandsInSite } from './SiteInfoWindow';

const WAIT = { timeout: 60_000 };

const SITE = {
  siteId: 'S001',
  siteName: '中关村站',
  areaId: '110108',
  flag: 3,
  status: '偏多',
  createTime: '2024-05-01 08:00:00',
  bleNum: 2,
  siteBikeCeiling: 10,
  num: 9,
  bikeNum: 8,
  ebikeNum: 1,
  brandBike: [
    { brandId: 1, brandName: '美团', siteNum: 6 },
    { brandId: 2, brandName: '哈啰', siteNum: 2 },
    { brandId: 3, brandName: '青桔', siteNum: 0 },
  ],
  brandEBike: [{ brandId: 4, brandName: '小遛', siteNum: 1 }],
  rentBike: [],
  returnBike: [],
  siteLon: 116.31,
  siteLat: 39.98,
};

beforeEach(() => {
  stubFetch((path) => (path === '/api/dashboard/getSite' ? ok(SITE) : undefined));
  logIn({ permissions: ['home', 'workOrder.handle'] });
});
afterEach(() => vi.restoreAllMocks());

function show(canOrder: boolean) {
  const onClick = vi.fn();
  render(
    <Providers>
      <SiteInfoWindow areaId="110108" siteId="S001" canDelete={false} canOrder={canOrder} inRatioList={false} onClick={onClick} onResize={() => {}} />
    </Providers>,
  );
  return onClick;
}

describe('site info window · 派单', () => {
  it('asks for the dialog with the site’s flag and the enterprises with bikes in it', async () => {
    const onClick = show(true);
    fireEvent.click(await screen.findByRole('button', { name: /派\s*单/ }, WAIT));
    expect(onClick).toHaveBeenCalledWith({ type: 'order', flag: 3, brandIds: [1, 2, 4] }, { siteId: 'S001', siteName: '中关村站', areaId: '110108' });
  });

  it('has no 派单 without 处理工单', async () => {
    show(false);
    await screen.findByText('中关村站', undefined, WAIT);
    expect(screen.queryByRole('button', { name: /派\s*单/ })).toBeNull();
  });

  it('counts an enterprise once, bikes and e-bikes together, none with no bike there', () => {
    const b = (brandId: number, siteNum: number) => ({ brandId, brandName: '', siteNum });
    expect(brandsInSite({ brandBike: [b(1, 2), b(2, 0)], brandEBike: [b(1, 1), b(3, 4)] })).toEqual([1, 3]);
    expect(brandsInSite({ brandBike: [], brandEBike: [] })).toEqual([]);
  });
});
