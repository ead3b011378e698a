import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: one file at a time, each with its own server; long timeouts for server start-up.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
