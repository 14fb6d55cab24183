// ESLint 9 flat config. Rules here are for finding mistakes; formatting is Prettier's business.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules.filter((name) => !name.startsWith('_')), ...builtinModules.map((name) => `node:${name}`)];
const noNodeBuiltins = 'This area runs in the browser or must stay free of I/O: no Node built-ins.';

/** Import boundaries of docs/decisions/001: domain <- server, domain <- web, never server <-> web. */
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

const webNoServer = {
  regex: relativeInto('server'),
  message: 'The web app never imports server code; talk to the server through web/lib/pb.ts.',
};
const features = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
      ...boundaries([webNoServer], { nodeBuiltinsToo: true }),
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { files: ['src/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },

  // src/web/README.md: features don't import each other (shared code moves down to ui, lib or domain,
  // or screens are combined in app/).
  ...features.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: boundaries(
      [
        webNoServer,
        {
          regex: `^(\\.\\./)+(features/)?(${features.filter((f) => f !== feature).join('|')})(/|$)`,
          message: `src/web/features/${feature} may not import another feature: move the shared part to components/ui, lib or #domain.`,
        },
      ],
      { nodeBuiltinsToo: true },
    ),
  })),
  // The UI kit knows no screen, no app state and no nursery words: it imports only React and itself.
  {
    files: ['src/web/components/ui/**'],
    rules: boundaries(
      [
        webNoServer,
        { regex: relativeInto('(features|app|lib)'), message: 'components/ui is generic: it imports no feature, app or lib code.' },
        { regex: '^#domain/', message: 'components/ui has no nursery words: pass domain values in as props.' },
      ],
      { nodeBuiltinsToo: true },
    ),
  },
  // lib serves features and app (src/web/README.md: components/ui, lib -> features -> app).
  {
    files: ['src/web/lib/**'],
    ignores: ['src/web/lib/**/*.test.ts'],
    rules: boundaries(
      [webNoServer, { regex: relativeInto('(features|app)'), message: 'src/web/lib serves features and app: it imports neither.' }],
      { nodeBuiltinsToo: true },
    ),
  },
  // Domain code takes time as an input (src/domain/README.md).
  {
    files: ['src/domain/**'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Domain code takes the time as an argument.' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Domain code takes the time as an argument: no new Date() without one.',
        },
      ],
    },
  },

  {
    files: ['tests/**'],
    rules: {
      // Playwright fixtures must destructure their first argument, even when they use nothing.
      'no-empty-pattern': 'off',
    },
  },
);
