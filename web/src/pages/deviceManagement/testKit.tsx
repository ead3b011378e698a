/** Test helpers of 站点管理's jsdom tests: a fetch that records calls and answers by path, a logged-in session, the page. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';

export { ADMIN_USER, logIn } from '../../test/session';
export { ok, stubFetch } from '../../test/stubFetch';

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
