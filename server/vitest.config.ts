import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // vitest's default is one worker less than the cores: one on a 2-core machine (5.3 min here, 4.0 with two)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // a worker runs its files in one module graph (each file still opens its own app on its own copy
    // of the template database): 296 s for the suite against 386 s isolated on the 2-core CI machine.
    // Tests that change globals (Date.now, TZ, spies) restore them.
    isolate: false,
    env: { TZ: 'Asia/Shanghai' },
  },
});
