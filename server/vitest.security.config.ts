import { defineConfig } from 'vitest/config';

/** `npm run test:security` (issue 16): the standing security suite, apart from `npm test` for its run time. */
export default defineConfig({
  test: {
    include: ['test/security/**/*.security.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    pool: 'forks',
    env: { TZ: 'Asia/Shanghai' },
  },
});
