/** The helpers pick the envelope's data, the query and the body out of the generated paths. */
import { expectTypeOf, it } from 'vitest';
import type { Body, Data, Item, Query } from './types';

it('Data is the data of the 200 envelope', () => {
  type Dashboard = Data<'/api/dashboard/get'>;
  expectTypeOf<Item<Dashboard['map']>['siteId']>().toEqualTypeOf<string>();
  expectTypeOf<Data<'/api/dashboard/init'>['area']['fullPileNum']>().toEqualTypeOf<number>();
});

it('Query and Body are the request parts', () => {
  expectTypeOf<Query<'/api/dashboard/get'>['limit']>().toEqualTypeOf<number | undefined>();
  expectTypeOf<Body<'/api/login'>['username']>().toEqualTypeOf<string>();
  expectTypeOf<Body<'/api/area/rail/{id}', 'delete'>>().toBeNever();
});
