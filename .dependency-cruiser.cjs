/**
 * The architecture, as rules a tool checks (issue 17; docs/decisions/030-public-faces.md). Read top to bottom:
 *
 * 1. No import cycles anywhere, type-only imports included: a cycle means two files cannot be
 *    understood, tested or moved apart.
 * 2. Each business area has one public face, its index.ts: on the server (apps/api/src/modules/<area>),
 *    in the browser (apps/web/src/features/<area>) and in the domain package
 *    (packages/domain/src/<area>), another area — or shared code outside the areas — imports only
 *    `<area>/index.ts`, never its other files. An area's own files (its tests included) import each
 *    other freely. Two exceptions, both registries that wire every area in: the server's route list
 *    (apps/api/src/modules/index.ts) registers each area's routes.ts, and the web route table may
 *    lazy-load a page. A face exports what others use, not the area's routes, so faces stay small and
 *    cannot tie areas into cycles; what two areas need and neither owns goes to shared code.
 * 3. The layers point one way: the documents (apps/api/src/documents: templates, render worker) are
 *    below the areas and import none; the domain package imports neither app; the web app never
 *    imports the server; neither app imports the benchmarks or the browser tests.
 *
 * 4. One way to the database (docs/decisions/036-sql-in-each-areas-queries.md): an area's SQL lives in
 *    its queries.ts (or its queries/ folder), as named functions with typed results that take the
 *    connection or transaction first; the area's other files call them and import neither Drizzle nor
 *    the tables nor the SQL helpers.
 *
 * `npm run arch` (in .ci/run) checks them with no list of exceptions: any violation fails CI.
 */
const area = (root) => ({
  from: { path: `^${root}/([^/]+)/` },
  to: {
    path: `^${root}/[^/]+/`,
    pathNot: [`^${root}/$1/`, `^${root}/[^/]+/index\\.tsx?$`],
  },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles (type-only imports included) tie files together; break them with a module both sides import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'api-area-public-face',
      severity: 'error',
      comment: "A server area uses another only through that area's index.ts.",
      ...area('apps/api/src/modules'),
    },
    {
      name: 'api-shared-code-public-faces',
      severity: 'error',
      comment:
        "Code outside the areas (app, lib, jobs, tests at src/…) uses an area only through its index.ts; modules/index.ts, the list of every area's routes, is the one registry that reaches routes.ts.",
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/modules/' },
      to: { path: '^apps/api/src/modules/[^/]+/', pathNot: '^apps/api/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'documents-below-areas',
      severity: 'error',
      comment:
        'The documents (templates, the render worker) render shapes declared in documents/inputs.ts; an area fills them in, so the worker loads no area code and no area can close a cycle through withDocument().',
      from: { path: '^apps/api/src/documents/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'web-area-public-face',
      severity: 'error',
      comment: "A web feature uses another only through that feature's index.ts.",
      ...area('apps/web/src/features'),
    },
    {
      name: 'web-shell-public-faces',
      severity: 'error',
      comment:
        "The shell (app/, ui/) uses a feature only through its index.ts; the route table's lazy import() of a page is allowed, it is how each area loads its own code.",
      from: { path: '^apps/web/src/', pathNot: '^apps/web/src/features/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: '^apps/web/src/features/[^/]+/index\\.tsx?$',
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'domain-area-public-face',
      severity: 'error',
      comment: "A domain area uses another only through that area's index.ts.",
      ...area('packages/domain/src'),
    },
    {
      name: 'domain-stands-alone',
      severity: 'error',
      comment: 'The domain package (schemas, pure rules) is shared by both apps and imports neither.',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|bench|e2e)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The browser app talks to the server over HTTP only.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'apps-not-tools',
      severity: 'error',
      comment: 'Benchmarks and browser tests use the apps, never the other way round.',
      from: { path: '^(apps|packages)/' },
      to: { path: '^(bench|e2e)/' },
    },
    {
      name: 'sql-in-queries',
      severity: 'error',
      comment:
        "An area's SQL is in its queries.ts or queries/ folder (decision 036): its services, routes and helpers call those functions and import neither drizzle-orm, the tables (db/schema), nor the SQL helpers (db/rows.ts, db/prepared.ts, db/names.ts, db/student-lists.ts). Tests and test fixtures may reach the tables directly.",
      from: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['/queries\\.ts$', '/queries/[^/]+\\.ts$', '\\.test\\.ts$', '-fixture\\.ts$'],
      },
      to: {
        path: [
          '(^|/)node_modules/drizzle-orm/',
          '^apps/api/src/db/(rows|prepared|names|student-lists)\\.ts$',
          '^apps/api/src/db/schema/',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules are followed no further but kept as leaves, so a rule can name a package (drizzle-orm).
    exclude: { path: '(^|/)(dist|\\.tsbuild|\\.vite)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
