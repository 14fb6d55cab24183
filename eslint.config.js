// ESLint 9 flat config. Rules here are for finding mistakes; formatting is Prettier's business.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules.filter((name) => !name.startsWith('_')), ...builtinModules.map((name) => `node:${name}`)];
const noNodeBuiltins = 'This area runs in the browser or must stay free of I/O: no Node built-ins.';

/** Import boundaries of STYLE.md section 2: domain <- server, domain <- web, never server <-> web. */
function boundaries(forbidden, { nodeBuiltinsToo = false } = {}) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden,
        paths: nodeBuiltinsToo ? nodeBuiltins.map((name) => ({ name, message: noNodeBuiltins })) : [],
      },
    ],
  };
}
const relativeInto = (area) => `^\\.{1,2}/(.*/)?${area}(/|$)`;

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'test-results/**', 'playwright-report/**'] },

  js.configs.recommended,
  ...tseslint.configs.recommended,

  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },

  // The promise rules need types; they catch the bugs that matter most here (a save that is never
  // awaited, an async handler whose rejection nobody sees).
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.domain.json', './tsconfig.server.json', './tsconfig.web.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          ignoreVoid: true,
          // React Router's navigate() returns a promise only to signal when navigation finished.
          allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: ['NavigateFunction', 'SetURLSearchParams'] }],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },

  {
    files: ['src/domain/**'],
    rules: boundaries([{ regex: relativeInto('(server|web)'), message: 'src/domain is shared by server and web: it imports neither.' }], {
      nodeBuiltinsToo: true,
    }),
  },
  {
    files: ['src/server/**'],
    rules: boundaries([{ regex: relativeInto('web'), message: 'The server never imports web code; share it through src/domain.' }]),
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...boundaries(
        [{ regex: relativeInto('server'), message: 'The web app never imports server code; talk to the server through web/lib/pb.ts.' }],
        {
          nodeBuiltinsToo: true,
        },
      ),
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { files: ['src/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },

  {
    files: ['tests/**'],
    rules: {
      // Playwright fixtures must destructure their first argument, even when they use nothing.
      'no-empty-pattern': 'off',
    },
  },
);
