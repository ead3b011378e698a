import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: two files at a time, each with its own server (free port, own DATA_DIR) and browser:
// the long files mostly wait on the clock (a clock window closing, a work order's deadline), so two
// side by side take about two thirds of the time one after the other; long timeouts for start-up.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
