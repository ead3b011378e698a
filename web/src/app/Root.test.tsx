// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import Providers from './Providers';
import Root from './Root';

/** Root over an old screen, a screen whose script never arrives, and one that arrives at once. */
function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Root />,
        children: [
          { path: 'old', element: <p>旧页面</p> },
          { path: 'slow', lazy: () => new Promise<never>(() => {}) },
          { path: 'fast', element: <p>新页面</p> },
        ],
      },
    ],
    { initialEntries: ['/old'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('route change progress', () => {
  it('covers the old screen with a centred loading state and a top bar at once', async () => {
    const router = setup();
    expect(screen.getByText('旧页面')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(async () => {
      void router.navigate('/slow');
      await Promise.resolve();
    });
    expect(screen.getByRole('progressbar', { name: '页面加载中' })).toBeTruthy();
    expect(screen.getByTestId('route-loading').textContent).toContain('页面加载中');
  });

  it('shows nothing once the next screen is there', async () => {
    const router = setup();
    await act(async () => {
      await router.navigate('/fast');
    });
    expect(screen.getByText('新页面')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTestId('route-loading')).toBeNull();
  });
});
