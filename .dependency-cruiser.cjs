/**
 * Import boundaries of ARCHITECTURE.md: domain <- machines <- src; server imports domain, machines and
 * the contract's types, never src; scripts never import tests or src; features do not import each
 * other. diagrams/ (a machine's drawing and texts) serves the in-app inspector and the scripts alike;
 * page-contract/ (cookie names, storage keys, languages, the phone breakpoint) is what the page keeps
 * and the server and tools read.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'domain-imports-nothing-of-ours',
      comment:
        'domain/ is the ground floor shared by client, machines and server: no React, no I/O, nothing of ' +
        'ours but the contract types',
      severity: 'error',
      from: { path: '^domain/' },
      to: { pathNot: ['^domain/', '^node_modules/(zod|libphonenumber-js)/', '^openapi/'] },
    },
    {
      name: 'machines-are-pure',
      comment: 'machines/ imports only xstate, domain/ and openapi types: no React, fetch, router or storage',
      severity: 'error',
      from: { path: '^machines/' },
      to: { pathNot: ['^machines/', '^openapi/', '^node_modules/xstate/', '^domain/'] },
    },
    {
      name: 'diagrams-read-machines-only',
      comment:
        'diagrams/ turns a machine into Mermaid text, active states and descriptions, for the in-app ' +
        'inspector and the scripts that write docs/machines: it reads machines, domain and xstate only',
      severity: 'error',
      from: { path: '^diagrams/' },
      to: { pathNot: ['^diagrams/', '^machines/', '^domain/', '^node_modules/xstate/'] },
    },
    {
      name: 'page-contract-imports-nothing',
      comment:
        'page-contract/ holds the names the page and its tools share (cookies, storage keys, languages, ' +
        'the phone breakpoint): plain values, so a build step, a benchmark or the server reads them as is',
      severity: 'error',
      from: { path: '^page-contract/' },
      to: { pathNot: '^page-contract/' },
    },
    {
      name: 'openapi-imports-nothing',
      severity: 'error',
      from: { path: '^openapi/' },
      to: { pathNot: '^openapi/' },
    },
    {
      name: 'server-never-imports-src',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'client-never-imports-server',
      severity: 'error',
      from: { path: '^(src|machines|domain|diagrams|page-contract)/' },
      to: { path: '^server/' },
    },
    {
      name: 'nothing-shipped-imports-tooling',
      comment:
        'scripts, tests and build tooling are built on the app, never the other way round (so src never ' +
        'imports scripts)',
      severity: 'error',
      from: { path: '^(domain|machines|diagrams|page-contract|src|server|openapi)/' },
      to: { path: '^(scripts|tests|build)/' },
    },
    {
      name: 'scripts-never-import-tests',
      comment: 'a script is a tool others run; a test harness it needs belongs in the tooling it serves',
      severity: 'error',
      from: { path: '^(scripts|build)/' },
      to: { path: '^tests/' },
    },
    {
      name: 'scripts-never-import-src',
      comment:
        'src/ is the app a browser runs; what a script shares with it lives below both (domain, machines, ' +
        'diagrams, page-contract), so a change inside the app never breaks a tool by surprise',
      severity: 'error',
      from: { path: '^(scripts|build)/' },
      to: { path: '^src/' },
    },
    {
      name: 'build-never-imports-perf',
      comment:
        'scripts/build/ holds steps of the production build; performance scripts measure its output and may ' +
        'read its helpers, never the other way round',
      severity: 'error',
      from: { path: '^scripts/build/' },
      to: { path: '^scripts/perf/' },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/([^/]+)/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-layers-do-not-import-features',
      severity: 'error',
      from: { path: '^src/(components|api|i18n|inspection)/' },
      to: { path: '^src/(features|routes|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    exclude: { path: ['route-tree\\.gen\\.ts$', 'node_modules'] },
  },
};
