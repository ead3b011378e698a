import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Providers from '../app/Providers';

/** Render `element` at `path` inside the app providers, with stub screens for other paths; the router starts at `entry` (a URL `path` matches). */
export function renderRoute(element: ReactElement, path = '/', extra: Array<{ path: string; element: ReactElement }> = [], entry = path) {
  const router = createMemoryRouter([{ path, element }, ...extra], { initialEntries: [entry] });
  const utils = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
}
