/**
 * An entity's column map (db/columns.ts): the values a write stores come out under the map's
 * columns only, and the insert, update and select text is built from it.
 */
import { describe, expect, it } from 'vitest';
import { columnValues, insertSql, selectList, updateSql } from '../../src/db/columns.js';

const COLUMNS = { siteName: 'site_name', fullPileNum: 'full_pile_num', length: 'length' };

describe('column maps', () => {
  it('takes the values given under their columns, keeps null, leaves out undefined and keys the map does not name', () => {
    const input = { siteName: 'A', fullPileNum: null, length: undefined, site_name: 'injected' } as {
      siteName?: string;
      fullPileNum?: number | null;
      length?: number;
    };
    expect(columnValues(COLUMNS, input)).toEqual({ site_name: 'A', full_pile_num: null });
  });

  it('builds an insert and an update whose parameters follow the condition’s', () => {
    expect(insertSql('sites', { id: 'x', site_name: 'A' }, 'returning id')).toEqual({
      text: 'insert into sites (id, site_name) values ($1, $2) returning id',
      params: ['x', 'A'],
    });
    expect(updateSql('sites', { site_name: 'A', length: 30 }, 'id = any($1::text[])', [['x']], ['updated_at = now()'])).toEqual({
      text: 'update sites set site_name = $2, length = $3, updated_at = now() where id = any($1::text[])',
      params: [['x'], 'A', 30],
    });
  });

  it('reads the columns back under their keys', () => {
    expect(selectList(COLUMNS, 's')).toBe('s.site_name as "siteName", s.full_pile_num as "fullPileNum", s.length as "length"');
  });
});
