/** ESLint for every workspace: recommended JS and TypeScript rules, React hooks for the web, the server's layers. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint.layers.js';

const root = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'server/src/db/migrations/**', 'web/src/api/schema.d.ts', 'web/src/api/rules.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The code names deliberately unused parameters and destructured leftovers with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // The xlsx writer strips the control characters XML forbids, and its test looks for them: on purpose.
      'no-control-regex': 'off',
      // A file past 450 lines holds more than one responsibility: split it (generated files are ignored above).
      'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', 'server/test/**/*.ts', 'e2e/**/*.ts'],
    // Tests read response bodies loosely (`data: any`) and assert on them field by field.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two classic hook rules; the React Compiler rules of react-hooks 7 are left out: the console
    // is not compiled with the React Compiler, and those rules judge code written for it.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // permissions by the server's names (lib/permission.ts), never by spec §6 numbers
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^(can|has|hasPermission|holds)$/] > :matches(Literal, TSAsExpression > Literal)[raw=/^[0-9]+$/]',
          message: '权限按服务器的名字检查：can(perms, "company.export")，不用数字 id（lib/permission.ts）。',
        },
        {
          selector: 'Identifier[name=/^(hasPermission|FEATURE_PERMISSIONS|MENU_PERMISSION)$/]',
          message: '权限按服务器的名字检查：can(perms, "company.export")，不用数字 id（lib/permission.ts）。',
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/layers': ['error', { root: path.join(root, 'server', 'src') }] },
  },
);
