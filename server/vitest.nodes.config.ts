import { defineConfig } from 'vitest/config';

/**
 * `npm run test:nodes` (issue 31): two server processes on one PostgreSQL behind nginx. Apart from
 * `npm test`: it needs TEST_DATABASE_URL and nginx, and fails (does not skip) without them.
 */
export default defineConfig({
  test: {
    include: ['test/nodes/**/*.nodes.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: { TZ: 'Asia/Shanghai' },
  },
});
