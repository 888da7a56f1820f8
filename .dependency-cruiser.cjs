/**
 * Import boundaries of ARCHITECTURE.md: openapi <- machines <- src; src/domain is shared with
 * the server; the server never reaches into the client; features do not import each other.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'machines-are-pure',
      comment: 'machines/ imports only xstate and openapi types: no React, fetch, router or storage',
      severity: 'error',
      from: { path: '^machines/' },
      to: { pathNot: ['^machines/', '^openapi/', '^node_modules/xstate/', '^src/domain/'] },
    },
    {
      name: 'openapi-imports-nothing',
      severity: 'error',
      from: { path: '^openapi/' },
      to: { pathNot: '^openapi/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'src/domain is shared by client and server: no React, no I/O, nothing from the app',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: ['^src/domain/', '^node_modules/(zod|libphonenumber-js)/', '^openapi/'] },
    },
    {
      name: 'server-uses-only-domain-from-src',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src/(?!domain/)|machines/)' },
    },
    {
      name: 'client-never-imports-server',
      severity: 'error',
      from: { path: '^(src|machines)/' },
      to: { path: '^server/' },
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
      from: { path: '^src/(components|api|domain|i18n|inspection)/' },
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
