import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'node',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test-setup.ts'],
      // screen tests render antd; on a loaded 2-core machine 5 s is not enough
      testTimeout: 30_000,
      // vitest's default is one worker less than the cores: one on a 2-core machine (2.9 min here, 2.0 with two)
      maxWorkers: Math.max(2, availableParallelism() - 1),
    },
  }),
);
