import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
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

// The path aliases of tsconfig.json.
const ALIASES = { '@shared/': 'src/shared/', '@server/': 'src/server/', '@web/': 'src/web/' }

// Where an import leads, relative to the repository; null for a package.
function importTarget(specifier, importer) {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix))
  if (alias) return join(ALIASES[alias], specifier.slice(alias.length))
  if (specifier.startsWith('.')) return relative(import.meta.dirname, resolve(dirname(importer), specifier))
  return null
}

// The folder directly under root that a path lies in, and the path inside that folder.
function unitOf(path, root) {
  const inside = relative(root, path)
  if (inside === '' || inside.startsWith('..')) return null
  const [unit, ...rest] = inside.split(sep)
  return { unit, rest: rest.join('/') }
}

// The unit of src/server a file belongs to: a module (src/server/modules/{name}) or the booking
// module (src/server/booking); null for app.ts, http, db and the rest, which compose the units.
function serverUnitOf(path) {
  const inside = relative('src/server', path).split(sep)
  if (inside[0] === 'modules' && inside.length >= 2) return `modules/${inside[1]}`
  if ((inside[0] === 'booking' || inside[0] === 'mail') && inside.length >= 1) return inside[0]
  return null
}

// Which server unit imports which, read once per lint run from the files on disk (tests left out:
// a test may reach into any module to check what a request left behind).
let serverGraph = null
function serverUnitGraph() {
  if (serverGraph) return serverGraph
  serverGraph = new Map()
  const files = readdirSync(join(import.meta.dirname, 'src/server'), { withFileTypes: true, recursive: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'),
  )
  for (const entry of files) {
    const file = relative(import.meta.dirname, join(entry.parentPath, entry.name))
    const from = serverUnitOf(file)
    if (from === null) continue
    if (!serverGraph.has(from)) serverGraph.set(from, new Set())
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const target = importTarget(specifier, join(import.meta.dirname, file))
      const to = target === null ? null : serverUnitOf(target)
      if (to !== null && to !== from) serverGraph.get(from).add(to)
    }
  }
  return serverGraph
}

// The units `from` reaches through the graph, with the path to each.
function pathBetween(graph, from, to) {
  const queue = [[from]]
  const seen = new Set([from])
  while (queue.length > 0) {
    const path = queue.shift()
    for (const next of graph.get(path.at(-1)) ?? []) {
      if (next === to) return [...path, next]
      if (!seen.has(next)) {
        seen.add(next)
        queue.push([...path, next])
      }
    }
  }
  return null
}

// Each folder under root (a server module, a web feature) is entered from outside only through
// one door, `entry` inside it ('' for the folder itself, which is its index.ts). no-restricted-imports
// cannot say "another folder than the importer's", and its options in one block would replace
// the shared -> server -> web patterns above instead of adding to them.
const onlyThroughEntry = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          entry: { type: 'string' },
          message: { type: 'string' },
          // Only these folders under root are doors; every folder when left out.
          units: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'entry', 'message'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const [{ root, entry, message, units }] = context.options
    const own = unitOf(relative(import.meta.dirname, context.filename), root)?.unit
    const check = (node) => {
      const specifier = node.source?.value
      if (typeof specifier !== 'string') return
      const target = importTarget(specifier, context.filename)
      const reached = target === null ? null : unitOf(target, root)
      if (!reached || reached.unit === own || reached.rest === entry) return
      if (units && !units.includes(reached.unit)) return
      context.report({ node: node.source, message: message.replaceAll('{name}', reached.unit) })
    }
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}

const fieldhouse = {
  rules: {
    'only-through-entry': onlyThroughEntry,
    // The same door for the booking module, which lies beside the modules rather than among them:
    // a second name, so that a file under both doors keeps both checks.
    'booking-through-entry': onlyThroughEntry,
    // No circle between the server's units: an import from one unit of another is refused when the
    // other already reaches back to it, naming the way round.
    'no-module-circle': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const own = serverUnitOf(relative(import.meta.dirname, context.filename))
        if (own === null) return {}
        const check = (node) => {
          const specifier = node.source?.value
          if (typeof specifier !== 'string') return
          const target = importTarget(specifier, context.filename)
          const reached = target === null ? null : serverUnitOf(target)
          if (reached === null || reached === own) return
          const back = pathBetween(serverUnitGraph(), reached, own)
          if (back)
            context.report({
              node: node.source,
              message: `Import circle: ${[own, ...back].join(' → ')}. Let the composer (app.ts) hand one in.`,
            })
        }
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
      },
    },
  },
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
            {
              group: ['node:*', 'react', 'react-dom', 'hono', 'drizzle-orm', 'pg'],
              message: 'src/shared is isomorphic: no Node, DOM-framework or database imports.',
            },
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
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@web/*', '**/web/**'], message: 'The server must not import web code.' }] },
      ],
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
            {
              name: 'date-fns',
              importNames: ['format', 'formatDistance', 'formatRelative', 'lightFormat', 'intlFormat'],
              message: 'Format dates in src/web/lib/datetime.ts only.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          message: 'Format dates in src/web/lib/datetime.ts only.',
        },
      ],
      ...noProcessEnv,
    },
  },
  // A module uses another only through its service.ts: its repository (the only SQL), its routes
  // and its helpers stay its own (ADR 0019). Tests may read any module's tables to check what a
  // request left behind.
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/*.test.ts'],
    plugins: { fieldhouse },
    rules: {
      'fieldhouse/only-through-entry': [
        'error',
        {
          root: 'src/server/modules',
          entry: 'service',
          message: 'Use the {name} module through its service.ts only: its repository, routes and other files are its own.',
        },
      ],
      'fieldhouse/no-module-circle': 'error',
    },
  },
  {
    files: ['src/server/booking/**/*.ts', 'src/server/mail/**/*.ts'],
    ignores: ['src/server/booking/**/*.test.ts', 'src/server/mail/**/*.test.ts'],
    plugins: { fieldhouse },
    rules: { 'fieldhouse/no-module-circle': 'error' },
  },
  // The booking module is entered through its index.ts only: book, rebook, cancel, preview and
  // closures, and the columns readers select events with. Its statement and repository are its own.
  // The mail module likewise: enqueueMail, composeMail, the worker and the Mail routes.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    plugins: { fieldhouse },
    rules: {
      'fieldhouse/booking-through-entry': [
        'error',
        {
          root: 'src/server',
          units: ['booking', 'mail'],
          entry: '',
          message: "Use the {name} module through its index.ts only: import from 'src/server/{name}'.",
        },
      ],
    },
  },
  // Anything outside a feature uses it only through its index.ts ('@web/features/{name}'), which
  // exports exactly what others need and never a page (ADR 0019). The router and the prerender
  // import pages by path: import() of an index would load all that the index exports with the page.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/router.tsx', 'src/web/prerender.tsx'],
    plugins: { fieldhouse },
    rules: {
      'fieldhouse/only-through-entry': [
        'error',
        {
          root: 'src/web/features',
          entry: '',
          message: "Use the {name} feature through its index.ts only: import '@web/features/{name}'.",
        },
      ],
    },
  },
)
