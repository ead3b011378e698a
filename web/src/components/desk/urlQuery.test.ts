import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { type Field, optionsOf, paramsOf, requiredMessage } from './fields';
import { SIZES, tablePagination } from './pagination';
import { scrollWidth } from './DataTable';
import { fromFormValues, namesOf, readQuery, toFormValues, writeQuery } from './urlQuery';

type K = 'abnormalType' | 'brandId' | 'startTime' | 'endTime' | 'bikeId';
const FIELDS: Field<K>[] = [
  {
    name: 'abnormalType',
    label: '异常类型',
    type: 'select',
    multiple: true,
    options: optionsOf({ 1: '站外还车', 7: '非法车辆' }),
  },
  { name: 'brandId', label: '品牌', type: 'select', options: [] },
  { name: 'startTime', label: '发生时间', type: 'dateRange', names: ['startTime', 'endTime'] },
  { name: 'bikeId', label: '车辆编号', type: 'input' },
];
const NAMES = namesOf(FIELDS);

describe('URL query', () => {
  it('names the URL parameters of declared fields (a date range gives two)', () => {
    expect(NAMES).toEqual(['abnormalType', 'brandId', 'startTime', 'endTime', 'bikeId']);
    expect(paramsOf(FIELDS[2])).toEqual(['startTime', 'endTime']);
  });

  it('reads declared filters, page 1 and size 10 by default, ignoring blanks, bad numbers and foreign parameters', () => {
    const q = readQuery(new URLSearchParams('abnormalType=1,7&bikeId=%20&other=x&currentPage=abc&pageSize=0'), NAMES);
    expect(q).toEqual({ filters: { abnormalType: '1,7' }, currentPage: 1, pageSize: 10 });
    expect(readQuery(new URLSearchParams('currentPage=3&pageSize=20'), NAMES)).toMatchObject({
      currentPage: 3,
      pageSize: 20,
    });
    expect(readQuery(new URLSearchParams(''), NAMES, 100).pageSize).toBe(100);
  });

  it('writes filters and page, leaves out blanks, page 1 and the default size, keeps other parameters', () => {
    const out = writeQuery(new URLSearchParams('tab=audit&bikeId=OLD&currentPage=4'), NAMES, {
      filters: { abnormalType: '1', bikeId: ' ' },
      currentPage: 1,
      pageSize: 10,
    });
    expect(out.toString()).toBe('tab=audit&abnormalType=1');
    expect(writeQuery(new URLSearchParams(), NAMES, { filters: {}, currentPage: 2, pageSize: 50 }).toString()).toBe('currentPage=2&pageSize=50');
  });

  it('turns URL filters into form values and back (several choices, a date range)', () => {
    const filters = { abnormalType: '1,7', startTime: '2024-05-01', endTime: '2024-05-03', bikeId: 'MT01' };
    const form = toFormValues(FIELDS, filters);
    expect(form.abnormalType).toEqual(['1', '7']);
    expect((form.startTime as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD'))).toEqual(['2024-05-01', '2024-05-03']);
    expect(form.brandId).toBeUndefined();
    expect(fromFormValues(FIELDS, form)).toEqual(filters);
    expect(fromFormValues(FIELDS, { abnormalType: [], bikeId: '  ', startTime: [dayjs('2024-05-02'), null] })).toEqual({
      startTime: '2024-05-02',
    });
  });
});

describe('kit helpers', () => {
  it('paginates as the spec says: total, sizes, quick jumper; 10/20/50 or 100/200/500', () => {
    const calls: number[][] = [];
    const p = tablePagination({ currentPage: 2, pageSize: 10, total: 57, onChange: (a, b) => calls.push([a, b]) });
    expect(p).toMatchObject({
      current: 2,
      pageSize: 10,
      total: 57,
      showSizeChanger: true,
      showQuickJumper: true,
      pageSizeOptions: ['10', '20', '50'],
    });
    expect(p.showTotal?.(57, [11, 20])).toBe('共 57 条');
    p.onChange?.(3, 10);
    expect(calls).toEqual([[3, 10]]);
    expect(tablePagination({ currentPage: 1, pageSize: 100, total: 0, sizes: SIZES.history, onChange: () => {} }).pageSizeOptions).toEqual([
      '100',
      '200',
      '500',
    ]);
  });

  it('says 请选择 for pickers and 请输入 for typed fields', () => {
    expect(requiredMessage(FIELDS[1])).toBe('请选择品牌');
    expect(requiredMessage(FIELDS[3])).toBe('请输入车辆编号');
  });

  it('scrolls a table by the sum of its column widths when all are given', () => {
    expect(scrollWidth([{ width: 100 }, { width: 80 }], true)).toBe(228);
    expect(scrollWidth([{ width: 100 }, {}], false)).toBe('max-content');
  });
});
