// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../app/request';
import type { SearchData } from './types';

const searchMap = vi.fn();
const warning = vi.fn();
const error = vi.fn();
vi.mock('./service', () => ({ searchMap: (...a: unknown[]) => searchMap(...a) }));
vi.mock('../../../app/feedback', () => ({ toast: () => ({ warning, error }) }));

const { useMapSearch, NO_RESULT, BIKE_OFF_SITE } = await import('./useMapSearch');

const site = (siteId: string) => ({
  siteId,
  siteName: `站${siteId}`,
  siteLon: 116.3,
  siteLat: 39.98,
  areaId: '110108',
  flag: 1,
  status: '正常',
  num: 1,
  gpsRail: null,
  length: 20,
});

function setup(areaId = '110108') {
  const found = vi.fn();
  const { result } = renderHook(() => useMapSearch(areaId, found));
  return { found, run: (...a: Parameters<typeof result.current.run>) => act(() => result.current.run(...a)) };
}

beforeEach(() => {
  searchMap.mockReset();
  warning.mockReset();
  error.mockReset();
});

describe('station search (spec §5)', () => {
  it('sends the trimmed text with the search type and area', async () => {
    searchMap.mockResolvedValue({ lists: [site('A')], bike: null } satisfies SearchData);
    const { run, found } = setup();
    await run(1, '  海淀站  ');
    expect(searchMap).toHaveBeenCalledWith('110108', 1, '海淀站');
    expect(found).toHaveBeenCalledWith({ lists: [site('A')], bike: null }, {});
  });

  it('asks for text instead of searching blanks', async () => {
    const { run, found } = setup();
    await run(1, '   ');
    expect(searchMap).not.toHaveBeenCalled();
    expect(found).not.toHaveBeenCalled();
    expect(warning).toHaveBeenCalledWith('请输入搜索内容');
  });

  it('warns 没有相关数据，请重新搜索 on an empty answer', async () => {
    searchMap.mockResolvedValue({ lists: [], bike: null });
    const { run, found } = setup();
    await run(2, '110');
    expect(warning).toHaveBeenCalledWith(NO_RESULT);
    expect(NO_RESULT).toBe('没有相关数据，请重新搜索');
    expect(found).not.toHaveBeenCalled();
  });

  it('leaves the server warnings (code 400) to the request layer: no second message', async () => {
    searchMap.mockRejectedValue(new RequestError('车辆出租中无法定位', 'bad-input', true, 400));
    const { run, found } = setup();
    await run(3, 'MT011');
    expect(warning).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(found).not.toHaveBeenCalled();
  });

  it('tells a transport failure the request layer did not show', async () => {
    searchMap.mockRejectedValue(new RequestError('网络连接失败，请检查网络', 'network', false));
    const { run } = setup();
    await run(1, '站');
    expect(error).toHaveBeenCalledWith('网络连接失败，请检查网络');
  });

  it('a bike without a site is not located: 该车辆不在站点', async () => {
    searchMap.mockResolvedValue({
      lists: [site('A')],
      bike: { bikeId: 'B1', brandId: 1, brandName: '美团', bikeType: 0, bikeLon: 116.3, bikeLat: 39.98, siteId: '' },
    });
    const { run, found } = setup();
    await run(6, '京A10001');
    expect(warning).toHaveBeenCalledWith(BIKE_OFF_SITE);
    expect(found).not.toHaveBeenCalled();
  });

  it('a site number that matches exactly wins over the ones it prefixes', async () => {
    searchMap.mockResolvedValue({ lists: [site('1101'), site('11010'), site('110100')], bike: null });
    const { run, found } = setup();
    await run(2, '11010', { open: false });
    expect(found).toHaveBeenCalledWith({ lists: [site('11010')], bike: null }, { open: false });
  });

  it('does nothing without an area', async () => {
    const { run } = setup('');
    await run(1, '站');
    expect(searchMap).not.toHaveBeenCalled();
  });
});
