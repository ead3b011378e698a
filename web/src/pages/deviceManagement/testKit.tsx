/** Test helpers of 站点管理's jsdom tests: a fetch that records calls and answers by path, a logged-in session, the page. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { heldDefaults, persistedDefaults, useSession } from '../../app/session/store';
import type { User } from '../../app/session/types';

export { ok, stubFetch, type Call } from '../../test/stubFetch';

export function logIn(children: number[] = [103, 104, 105]) {
  queryClient.clear();
  const user = { id: 1, username: 'admin', name: '管理员', areaId: '110108', userLevel: 3, roles: [] } as unknown as User;
  useSession.setState({ ...persistedDefaults(), ...heldDefaults(), authorization: 'tok', user, permissions: [{ id: 3, children }] });
}

/** Render `element` at `entry` under the app's providers; other paths render their name (to see where a link went). */
export function renderAt(element: ReactNode, entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/deviceManagement/:id?', element },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
