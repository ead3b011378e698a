import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// 开发时把 /api 转发到本机服务端（端口可用 API_PORT 覆盖）
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // echarts (the chart screens' lazy chunk, 600 kB in one) in two: zrender, its canvas renderer,
        // and echarts' own charts and components; always loaded together, in parallel, each under
        // the 500 kB warning
        codeSplitting: {
          groups: [
            { name: 'zrender', test: /node_modules[\\/]zrender[\\/]/ },
            { name: 'echarts', test: /node_modules[\\/]echarts[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
});
