/** Test helpers of 站点管理's jsdom tests: the page (the fetch stub and the session come from src/test). */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../../app/Providers';

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
