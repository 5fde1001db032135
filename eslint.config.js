// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Globals that mean I/O or a host environment: the domain package must not touch them. */
const hostGlobals = [
  ...new Set([...Object.keys(globals.browser), ...Object.keys(globals.node)]),
].filter((name) => !(name in globals.es2021));

const webSrc = path.join(import.meta.dirname, 'apps/web/src');

/** `features/<noun>/...` under apps/web/src -> `<noun>`; anything else -> undefined. */
function webFeatureOf(/** @type {string} */ file) {
  const [top, noun] = path.relative(webSrc, file).split(path.sep);
  return top === 'features' && noun ? noun : undefined;
}

/**
 * Web import boundaries (ADR 002). Relative imports are resolved against the importing file, so
 * `../b/x` and `../../features/b/x` are caught alike: a feature imports no other feature; `app`
 * imports a feature only through `import()` (the lazy screens table); nothing else imports one.
 * @type {import('eslint').Rule.RuleModule}
 */
const webImportBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = webFeatureOf(context.filename);
    const area = path.relative(webSrc, context.filename).split(path.sep)[0];
    /** @param {import('estree').Node | null | undefined} source @param {boolean} lazy */
    const check = (source, lazy) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = webFeatureOf(path.resolve(path.dirname(context.filename), source.value));
      if (to === undefined || to === from) return;
      if (area === 'app' && lazy) return;
      const message = from
        ? `features/${from} must not import features/${to}: move what both need to src/data, src/components or src/lib.`
        : area === 'app'
          ? `src/app imports features/${to} only lazily, with import().`
          : `Shared code (src/${area}) must not import features/${to}.`;
      context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source, false),
      ExportNamedDeclaration: (node) => check(node.source, false),
      ExportAllDeclaration: (node) => check(node.source, false),
      ImportExpression: (node) => check(node.source, true),
    };
  },
};

/** Syntax refused everywhere (kept in one list: a later `no-restricted-syntax` replaces it whole). */
const restrictedSyntax = [
  { selector: 'TSEnumDeclaration', message: 'Use an `as const` union instead of an enum.' },
  { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
];

/** The web types an answer only by parsing it with a schema of packages/domain. */
const answerCasts = ['apiRequest', 'apiGet', 'invokeDispatchHub'].map((name) => ({
  selector: `CallExpression[callee.name='${name}'][typeArguments]`,
  message: `Pass ${name} the answer's schema (packages/domain) instead of a type argument.`,
}));

export default tseslint.config(
  {
    // `data` is the embedded database's DATA_DIR; apps/web/src/data is source (shared reads).
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/data/**',
      '!apps/web/src/data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...restrictedSyntax],
    },
  },
  {
    // Hooks live in .ts files too (use-order-prices.ts): the rules of hooks apply to them alike.
    files: ['**/*.tsx', 'apps/web/src/**/use-*.ts'],
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The domain package is pure: it imports nothing of ours and no Node or DOM API.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'packages/domain is pure: no Node APIs.' },
            { group: ['@dispatch/*'], message: 'packages/domain imports nothing of ours.' },
            { group: ['../../*'], message: 'packages/domain must not reach outside its src.' },
          ],
          paths: [
            'fs',
            'path',
            'os',
            'crypto',
            'http',
            'https',
            'net',
            'child_process',
            'events',
            'util',
            'buffer',
            'url',
            'stream',
          ],
        },
      ],
      'no-restricted-globals': ['error', ...hostGlobals],
      'no-console': 'error',
    },
  },
  {
    // No god functions in production source. Tests are left out: a `describe` body holds its
    // cases and is long by design; e2e specs likewise.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.e2e.ts', 'e2e/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries: { rules: { 'web-imports': webImportBoundaries } } },
    rules: {
      'boundaries/web-imports': 'error',
      'no-restricted-syntax': ['error', ...restrictedSyntax, ...answerCasts],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/scripts/**/*.mjs', '**/*.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // The driver app's service worker, served as written: a worker's globals, not a page's.
    files: ['apps/web/public/**/*-sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // Tool configuration files are loaded through their default export.
    files: ['**/*.config.ts', '**/*.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
