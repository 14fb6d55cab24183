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
const webDir = new URL('./src/web/', import.meta.url);
const features = readdirSync(new URL('features', webDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The folders of src/web and what each may not import. Imports flow one way: components/ui and lib
 * at the bottom, then components/orders (nursery parts several screens share), then features (one
 * per screen, never each other), then app (routes, shell, providers). boot/ is the inline boot
 * script: it runs before the app and takes only small lib modules. testing/ holds what the component
 * tests share. The zones bind the app's code; tests (*.test.ts, *.test.tsx) may import any of it.
 */
const webZones = [
  {
    folder: 'components/ui',
    forbidden: [
      { regex: relativeInto('(features|app|lib|orders|boot)'), message: 'components/ui is generic: it imports only React and itself.' },
      { regex: '^#domain/', message: 'components/ui has no nursery words: pass domain values in as props.' },
    ],
  },
  {
    folder: 'lib',
    forbidden: [
      {
        regex: relativeInto('(features|app|components|boot)'),
        message: 'src/web/lib is data, routing and session code for the screens: it imports no screen, component or app code.',
      },
    ],
  },
  {
    folder: 'components/orders',
    forbidden: [
      {
        regex: relativeInto('(features|app|boot)'),
        message: 'components/orders serves the screens: it imports components/ui, lib and #domain only.',
      },
    ],
  },
  {
    folder: 'components/attachments',
    forbidden: [
      {
        regex: relativeInto('(features|app|boot)'),
        message: 'components/attachments serves the screens: it imports components/ui, lib and #domain only.',
      },
    ],
  },
  {
    folder: 'components/trail',
    forbidden: [
      {
        regex: relativeInto('(features|app|boot)'),
        message: 'components/trail serves the screens: it imports components/ui, lib and #domain only.',
      },
    ],
  },
  ...features.map((feature) => ({
    folder: `features/${feature}`,
    forbidden: [
      { regex: relativeInto('(app|boot)'), message: 'A feature is a screen: the app imports it, never the other way round.' },
      {
        regex: `^(\\.\\./)+(features/)?(${features.filter((f) => f !== feature).join('|')})(/|$)`,
        message: `src/web/features/${feature} may not import another feature: move the shared part to components, lib or #domain.`,
      },
    ],
  })),
  {
    folder: 'app',
    forbidden: [{ regex: relativeInto('boot'), message: 'boot/ is inlined into index.html on its own; nothing imports it.' }],
  },
  {
    folder: 'testing',
    forbidden: [],
  },
  {
    folder: 'boot',
    forbidden: [
      {
        regex: relativeInto('(app|features|components)'),
        message: 'The boot script is inlined into every page (4 KB at most): it imports small lib modules only.',
      },
    ],
  },
];

/**
 * Every folder of src/web lies in a zone (a new top-level folder needs one here), and there are
 * no barrels: an index.ts that re-exports a folder hides where things live and pulls whole
 * folders into the boot script and the board's first load.
 */
function checkWebFolders(dir = webDir, relative = '') {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = relative + entry.name;
    if (entry.isFile() && /^index\.tsx?$/.test(entry.name)) throw new Error(`src/web/${path} is a barrel: import the modules themselves.`);
    if (!entry.isDirectory()) continue;
    const zoned = webZones.some(({ folder }) => path === folder || path.startsWith(`${folder}/`) || folder.startsWith(`${path}/`));
    if (!zoned) throw new Error(`src/web/${path} has no import zone in eslint.config.js (webZones).`);
    checkWebFolders(new URL(`${entry.name}/`, dir), `${path}/`);
  }
}
checkWebFolders();

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
      // docs/decisions/087: a failed fetch of React.lazy's code throws to the nearest boundary.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name='lazy']",
          message: 'Code loaded on use is a lazyExtra (components/ui/lazy-extra.tsx), or a route screen (lib/router/lazy-screen.ts).',
        },
      ],
    },
  },
  // The route error page loads behind the page's own boundary (docs/decisions/087).
  { files: ['src/web/app/routes.tsx'], rules: { 'no-restricted-syntax': 'off' } },
  { files: ['src/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },

  // The zones of src/web (webZones above).
  ...webZones.map(({ folder, forbidden }) => ({
    files: [`src/web/${folder}/**`],
    ignores: ['src/web/**/*.test.{ts,tsx}'],
    rules: boundaries([webNoServer, { regex: relativeInto('testing'), message: 'src/web/testing is for tests only.' }, ...forbidden], {
      nodeBuiltinsToo: true,
    }),
  })),
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
