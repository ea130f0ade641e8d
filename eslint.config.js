import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const noProcessEnv = {
  'no-restricted-properties': [
    'error',
    { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts only.' },
  ],
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', '.e2e-data', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Code flows shared -> server and shared -> web, never back and never sideways.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@server/*', '@web/*', '**/server/**', '**/web/**'], message: 'src/shared must not import server or web code.' },
            { group: ['node:*', 'react', 'react-dom', 'hono', 'drizzle-orm', 'pg'], message: 'src/shared is isomorphic: no Node, DOM-framework or database imports.' },
          ],
        },
      ],
      ...noProcessEnv,
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/env.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@web/*', '**/web/**'], message: 'The server must not import web code.' }] }],
      ...noProcessEnv,
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/datetime.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@server/*', '**/server/**'], message: 'The web app must not import server code.' }],
          paths: [
            { name: 'date-fns', importNames: ['format', 'formatDistance', 'formatRelative', 'lightFormat', 'intlFormat'], message: 'Format dates in src/web/lib/datetime.ts only.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]",
          message: 'Format dates in src/web/lib/datetime.ts only.',
        },
      ],
      ...noProcessEnv,
    },
  },
  // Feature components use their own feature, shared UI and other features' api.ts only; pages
  // and the setup wizard, which exist to compose features, may reuse other features' components.
  {
    files: ['src/web/features/*/components/**/*.{ts,tsx}'],
    ignores: ['src/web/features/setup/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@server/*', '**/server/**'], message: 'The web app must not import server code.' },
            { group: ['@web/features/*/components/*', '@web/features/*/*-page'], message: "Compose other features' components in a page, not inside a feature's components." },
          ],
          paths: [
            { name: 'date-fns', importNames: ['format', 'formatDistance', 'formatRelative', 'lightFormat', 'intlFormat'], message: 'Format dates in src/web/lib/datetime.ts only.' },
          ],
        },
      ],
    },
  },
)
