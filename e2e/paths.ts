import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
export const WEB_DIST = `${ROOT}/web/dist`;
export const SERVER_MAIN = `${ROOT}/server/dist/main.js`;
export const OUTPUT_DIR = `${ROOT}/test-output/e2e`;
