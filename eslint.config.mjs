// Lint: typescript-eslint's recommended rules plus the house boundaries from DESIGN.md,
// enforced mechanically (lib/core and lib/graph stay framework-free; lib/contracts stays browser-safe; components never reach
// into lib/server; no eval-like constructs anywhere).
import { builtinModules } from 'node:module'
import tseslint from 'typescript-eslint'

const frameworkFree = {
  patterns: [
    { group: ['react', 'react-dom', 'react/*', 'next', 'next/*', '@xyflow/*'], message: 'lib/core and lib/graph are framework-free.' },
    { group: ['@prisma/*', '**/generated/prisma/**'], message: 'Prisma belongs to lib/server.' },
    {
      group: ['@/lib/server/*', '@/app/*', '@/components/*', '**/lib/server/**', '**/app/**', '**/components/**'],
      message: 'lib/core and lib/graph never import app code.',
    },
  ],
}

const componentsNeverImportServer = {
  group: ['@/lib/server', '@/lib/server/*', '**/lib/server/**', '@prisma/*'],
  message: 'Components talk to route handlers, not lib/server.',
}

// Every page here is rendered on request: a link that prefetched as soon as it was in view made the server render
// each linked page while the page being opened still loaded (seven for the header alone).
const linksPrefetchOnIntent = { name: 'next/link', message: 'Use IntentLink (components/ui/IntentLink): it prefetches on intent, not on sight.' }

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      'lib/generated/**',
      'next-env.d.ts',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      '.reports/**',
      '**/.scratch/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      // A variable captured by a closure before its single assignment cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Tests and test servers read loosely-typed JSON off the wire; product code may not.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['lib/core/**/*.ts', 'lib/graph/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', frameworkFree],
      'no-restricted-modules': 'off',
    },
  },
  {
    files: ['lib/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...frameworkFree.patterns, { group: ['@/lib/graph', '@/lib/graph/*', '**/lib/graph/**'], message: 'lib/core never imports lib/graph.' }] },
      ],
    },
  },
  {
    // lib/contracts is imported by components too: zod and other contracts only (types from lib/graph if truly needed).
    files: ['lib/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'next', 'next/*'], message: 'lib/contracts is browser-safe and framework-free.' },
            { group: ['@prisma/*', '**/generated/prisma/**'], message: 'Prisma belongs to lib/server.' },
            {
              group: ['@/lib/server', '@/lib/server/*', '@/app/*', '@/components/*', '**/lib/server/**', '**/app/**', '**/components/**'],
              message: 'lib/contracts never imports app code.',
            },
            { group: ['node:*'], message: 'lib/contracts runs in the browser: no Node built-ins.' },
          ],
          paths: builtinModules.map((name) => ({ name, message: 'lib/contracts runs in the browser: no Node built-ins.' })),
        },
      ],
    },
  },
  {
    // lib/cli runs documents beside the server, not on it: lib/graph, lib/core and (to talk HTTP) lib/contracts only.
    files: ['lib/cli/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'next', 'next/*', '@xyflow/*'], message: 'lib/cli is a command line: no framework.' },
            { group: ['@prisma/*', '**/generated/prisma/**'], message: 'Prisma belongs to lib/server.' },
            {
              group: ['@/lib/server', '@/lib/server/*', '@/app/*', '@/components/*', '**/lib/server/**', '**/app/**', '**/components/**'],
              message: 'lib/cli works without the server: a local run uses lib/graph and lib/core, the server commands talk HTTP with lib/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    ignores: ['components/ui/IntentLink.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [componentsNeverImportServer],
          paths: [linksPrefetchOnIntent],
        },
      ],
    },
  },
  {
    // The one place next/link is used: every other link prefetches on intent through it.
    files: ['components/ui/IntentLink.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [componentsNeverImportServer] }] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@prisma/*', '**/generated/prisma/**'], message: 'Prisma never appears in app/: call a lib/server service.' }],
          paths: [linksPrefetchOnIntent],
        },
      ],
      // Nor does the database by another road: a route gets `services` from defineRoute, a page calls getServices().
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(prisma|db)$/]',
          message: 'The database never appears in app/: call a lib/server service (getServices(), or `services` in defineRoute).',
        },
      ],
    },
  },
  {
    // Tests set up their data directly.
    files: ['app/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
