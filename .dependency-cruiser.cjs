/**
 * Import boundaries of ARCHITECTURE.md: domain <- machines <- src; server imports domain, machines and
 * the contract's types, never src; scripts never import tests or src; features do not import each
 * other. diagrams/ (a machine's drawing and texts) serves the in-app inspector and the scripts alike;
 * page-contract/ (cookie names, storage keys, languages, the phone breakpoint) is what the page keeps
 * and the server and tools read.
 */
/**
 * A forbidden import, reported as an error: from the files `from` matches to those `to` describes.
 * @param {string} name
 * @param {string} from
 * @param {import('dependency-cruiser').IToRestriction} to
 * @param {string} [comment]
 */
const forbid = (name, from, to, comment) => ({
  name,
  ...(comment ? { comment } : {}),
  severity: 'error',
  from: { path: from },
  to,
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    forbid(
      'domain-imports-nothing-of-ours',
      '^domain/',
      { pathNot: ['^domain/', '^node_modules/(zod|libphonenumber-js)/', '^openapi/'] },
      'domain/ is the ground floor shared by client, machines and server: no React, no I/O, nothing of ' +
        'ours but the contract types',
    ),
    forbid(
      'machines-are-pure',
      '^machines/',
      { pathNot: ['^machines/', '^openapi/', '^node_modules/xstate/', '^domain/'] },
      'machines/ imports only xstate, domain/ and openapi types: no React, fetch, router or storage',
    ),
    forbid(
      'diagrams-read-machines-only',
      '^diagrams/',
      { pathNot: ['^diagrams/', '^machines/', '^domain/', '^node_modules/xstate/'] },
      'diagrams/ turns a machine into Mermaid text, active states and descriptions, for the in-app ' +
        'inspector and the scripts that write docs/machines: it reads machines, domain and xstate only',
    ),
    forbid(
      'page-contract-imports-nothing',
      '^page-contract/',
      { pathNot: '^page-contract/' },
      'page-contract/ holds the names the page and its tools share (cookies, storage keys, languages, ' +
        'the phone breakpoint): plain values, so a build step, a benchmark or the server reads them as is',
    ),
    forbid('openapi-imports-nothing', '^openapi/', { pathNot: '^openapi/' }),
    forbid('server-never-imports-src', '^server/', { path: '^src/' }),
    forbid('client-never-imports-server', '^(src|machines|domain|diagrams|page-contract)/', {
      path: '^server/',
    }),
    forbid(
      'nothing-shipped-imports-tooling',
      '^(domain|machines|diagrams|page-contract|src|server|openapi)/',
      { path: '^(scripts|tests|build)/' },
      'scripts, tests and build tooling are built on the app, never the other way round (so src never ' +
        'imports scripts)',
    ),
    forbid(
      'scripts-never-import-tests',
      '^(scripts|build)/',
      { path: '^tests/' },
      'a script is a tool others run; a test harness it needs belongs in the tooling it serves',
    ),
    forbid(
      'scripts-never-import-src',
      '^(scripts|build)/',
      { path: '^src/' },
      'src/ is the app a browser runs; what a script shares with it lives below both (domain, machines, ' +
        'diagrams, page-contract), so a change inside the app never breaks a tool by surprise',
    ),
    forbid(
      'build-never-imports-perf',
      '^scripts/build/',
      { path: '^scripts/perf/' },
      'scripts/build/ holds steps of the production build; performance scripts measure its output and may ' +
        'read its helpers, never the other way round',
    ),
    forbid('features-do-not-import-each-other', '^src/features/([^/]+)/', {
      path: '^src/features/([^/]+)/',
      pathNot: '^src/features/$1/',
    }),
    forbid('shared-layers-do-not-import-features', '^src/(components|api|i18n|inspection)/', {
      path: '^src/(features|routes|app)/',
    }),
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
