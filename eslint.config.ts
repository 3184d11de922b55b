import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = fs.readdirSync('web/src/features');

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'tmp/', 'node_modules/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // contract/ is shared by both sides and must stay free of either.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }],
    },
  },
  {
    // The web app's layers (decision 022): app/ composes features; a feature imports only lib/,
    // components/ and contract/; lib/ and components/ import no feature and not the app.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import one another: move what they share down to lib/ or components/.',
            })),
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'Features do not import the app shell; use lib/.',
            },
            {
              target: ['./web/src/lib', './web/src/components'],
              from: ['./web/src/features', './web/src/app'],
              message: 'lib/ and components/ sit below the features and the app.',
            },
            {
              target: './web/src/lib',
              from: './web/src/components',
              message: 'lib/ sits below components/: move what both need down to lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers run one way (decision 023): routes → http → services → security →
    // repositories (db/) and providers → shared/. No folder imports one above it. app/ wires the
    // layers into the processes and ops/ runs the operator's commands: nothing in a layer imports them.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                './server/routes',
                './server/http',
                './server/jobs',
                './server/services',
                './server/security',
                './server/db',
                './server/providers',
                './server/shared',
              ],
              from: ['./server/app', './server/ops'],
              message: 'app/ and ops/ compose the layers; no layer imports them.',
            },
            { target: './server/http', from: ['./server/routes', './server/jobs'] },
            { target: './server/services', from: ['./server/routes', './server/http', './server/jobs'] },
            {
              target: './server/security',
              from: ['./server/routes', './server/http', './server/jobs', './server/services'],
            },
            {
              target: ['./server/db', './server/providers'],
              from: ['./server/routes', './server/http', './server/jobs', './server/services', './server/security'],
            },
            {
              target: ['./server/routes', './server/http', './server/jobs'],
              from: './server/db',
              message: 'Routes, http and jobs reach the database through a service.',
            },
            {
              target: './server/services',
              from: './server/db/client.ts',
              message: 'Services reach the database through repositories (Executor types a transaction).',
            },
            { target: './server/providers', from: './server/db' },
            { target: './server/db', from: './server/providers' },
            {
              target: './server/shared',
              from: [
                './server/routes',
                './server/http',
                './server/jobs',
                './server/services',
                './server/security',
                './server/db',
                './server/providers',
              ],
            },
          ].map((zone) => ({
            message:
              'The server layers run routes → http → services → security → db and providers → shared: import downward only.',
            ...zone,
          })),
        },
      ],
    },
  },
);
