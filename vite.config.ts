import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { clientInputs } from './scripts/build/client-inputs-plugin.js';
import { pageAssets } from './scripts/build/page-assets-plugin.js';
import { leanMantine, precompress, preloadFont } from './scripts/build/vite-plugins.js';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Aliases shared by the client build, vitest and tsx (which reads tsconfig paths). */
export const alias = {
  '@/': fromRoot('./src/'),
  '@diagrams/': fromRoot('./diagrams/'),
  '@domain/': fromRoot('./domain/'),
  '@machines/': fromRoot('./machines/'),
  '@openapi/': fromRoot('./openapi/'),
  '@page-contract/': fromRoot('./page-contract/'),
};

const inNodeModules = (packages: string) => new RegExp(`node_modules[\\\\/](${packages})[\\\\/]`);

/**
 * Fewer, larger chunks for what every screen loads. Left to itself the bundler cut the first load of
 * /login into 41 files and /properties into 67 (one per Mantine component and hook, shared with some
 * lazy route): over HTTP/1.1, six at a time, a phone waited on round trips, not bytes (Lighthouse
 * mobile LCP 4.9 s and 5.5 s). Now the libraries every screen runs sit in one `framework` chunk, and
 * Mantine components used across many chunks in one `mantine` chunk; components only a few screens use
 * stay with them, so the wizard's own still load with the wizard. 17 and 37 files then, about 0.7 s less
 * LCP; 20 and 42 since Mantine's hooks left `framework` (below). What the entry imports of these
 * groups is in the entry's own file since (the `index` group); the groups keep the lazy screens' share.
 */
const frameworkModules = inNodeModules(
  'react|react-dom|scheduler|@tanstack|i18next|react-i18next|' +
    'use-sync-external-store|openapi-fetch|clsx|@mantine[\\\\/]core[\\\\/]esm[\\\\/]core|@mantine[\\\\/]store',
);

/**
 * XState and its React bindings, in one chunk loaded with the first machine that runs: the auth
 * machine on its first need (src/features/auth/auth-session.ts), the others with their screens. In
 * `framework` they were in every first load, since the auth machine started with the page.
 */
const xstateModules = inNodeModules('xstate|@xstate');

/**
 * Parts only dialogs and dropdowns use (the scroll area, visually hidden text, the focus trap and its
 * return), kept out of the shared groups below so that they load with the first dialog or dropdown.
 * The amend action on /exposure-requests (issue 23) made one more lazy screen reach the request dialog:
 * at 12 sharing chunks they joined `mantine`, floating-ui with them, and /properties' first load went
 * 229.6 → 244.8 KiB. Raising the counts instead pushed the input and theme icon out of it (230.9 KiB).
 */
const dialogOnlyModules = inNodeModules(
  '@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](ScrollArea|VisuallyHidden|Portal)|' +
    '@mantine[\\\\/]hooks[\\\\/]esm[\\\\/](use-focus-(trap|return)|use-debounced-callback)',
);

const mantineHooks = inNodeModules('@mantine[\\\\/]core[\\\\/]esm[\\\\/]utils|@mantine[\\\\/]hooks');
const mantineModules = inNodeModules(
  '@mantine[\\\\/]core|@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|' +
    'react-style-singleton|get-nonce|tslib|@babel',
);

/**
 * react-i18next's <Trans> and <IcuTrans> (with the HTML parser they bring, html-parse-stringify) are used
 * by two lazy screens only (registration's personal details, the machines page); inside `framework`
 * they went to every first load. Left out, they load with those screens: /properties and /login each
 * 4.0 KiB gzipped lighter (docs/decisions.md, issue 21, list3).
 */
const transModules =
  /react-i18next[\\/]dist[\\/]es[\\/](Trans|TransWithoutContext|IcuTrans|IcuTransWithoutContext)\.js$|[\\/]IcuTransUtils[\\/]/;

/**
 * The signed-in screens' first loads, in two chunks instead of 40 files of 0.1–5 KiB (each compressed
 * alone, each with its own import lines). Neither names anything a signed-out page loads, so /login and
 * /register fetch neither. `signed-in`: the app frame (shell, sidebar, header), the Mantine parts, hooks
 * and icons the signed-in screens share, and what a property's page shares with the list
 * (`propertyPartsModules`: the completion bar, the cover's photo sizes, the share title, the texts of a
 * property); `properties-page`: the list page itself (overview, search, states, footer) and its rows'
 * parts (`propertyListModules`: the cards, a row's name, price and actions), which /drafts draws too and
 * the wizard and a property's page do not load. One chunk for all of it was 1.3 KiB lighter for
 * /properties but put the list page into every signed-in screen's first load (a property's page +5
 * KiB); the list page's own parts in a chunk apart from its rows' cost /properties more than they saved
 * /drafts (docs/decisions.md, issue 26, bytes).
 */
const signedInModules = new RegExp(
  [
    'src[\\\\/]app[\\\\/](app-header|lazy-sign-out-flow|main-layout|nav-items|router-link|sidebar|use-known-drafts-count|use-me)\\.',
    'src[\\\\/]components[\\\\/](dialog-on-open|phone-or-wide[\\\\/]|section-card)',
    '@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](ActionIcon|AppShell|Avatar|Burger|Card|NativeSelect|NavLink|Progress|Skeleton)[\\\\/]',
    '@mantine[\\\\/]hooks[\\\\/]esm[\\\\/](use-disclosure|use-local-storage)[\\\\/]',
    '@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](IconArrowsExchange|IconBuildingSkyscraper|IconChecklist|IconEye|IconFileDescription|IconHistory|IconLayoutSidebarLeftCollapse|IconLayoutSidebarLeftExpand|IconLayoutSidebarRightCollapse|IconLayoutSidebarRightExpand|IconLogout|IconMessages|IconPlus|IconSettings|IconTargetArrow|IconUser)\\.mjs$',
  ].join('|'),
);
const propertyPartsModules = new RegExp(
  [
    'src[\\\\/]features[\\\\/]properties[\\\\/](components[\\\\/]completion-bar\\.|photo-variants|use-property-text|wizard-link)',
    'src[\\\\/]i18n[\\\\/]fact-texts',
    // A listing's name and quoted prices, with the registry's names they read (generated from it).
    'domain[\\\\/](listed-price|listing-name|generated[\\\\/]listing-names)\\.',
    '@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](IconBuildingFactory2|IconBuildingStore|IconBuildingWarehouse|IconFilePencil|IconPencil|IconRefresh|IconShare|IconSignature|IconTrash)\\.mjs$',
  ].join('|'),
);
const propertyListModules = new RegExp(
  [
    'src[\\\\/]features[\\\\/]properties[\\\\/](components[\\\\/](add-property-button|area-value|card-parts|list-footer|list-states|listed-price|property-actions|property-card-list|property-fact-cells|property-name|row-action)\\.|use-row-actions)',
    '@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]EmptyState[\\\\/]',
    '@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](IconBuildingPlus|IconChevronDown|IconCopyPlus|IconFilterOff|IconSearchOff)\\.mjs$',
    // The list page's own parts beside its rows.
    'src[\\\\/]features[\\\\/]properties[\\\\/](components[\\\\/](exposure-overview-card|filter-bar|overview-cards|overview-link-card|search-input)\\.|properties-page)',
    'domain[\\\\/]list-refinement-count\\.',
    '@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](IconAdjustmentsHorizontal|IconArrowsSort|IconDownload|IconSearch)\\.mjs$',
  ].join('|'),
);

/**
 * What a property's page draws of a listing besides the fields' registry: the documents' formats, the
 * fields' written values, the tour link, and the video icon of the documents. The wizard loads all of
 * them too; a property's page fetched them as two files.
 */
const listingViewModules =
  /domain[\\/](media-rules|field-text|tour-link)\.ts$|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]IconMovie\.mjs$/;

/**
 * Small parts every first load fetches (/login's and the signed-in list's alike): the API client, the
 * language hook, the site footer, the combobox chevron of the inputs, the icons' factory. Split by the
 * screens that share them, they were ten files of 0.2–1 KiB each. What the entry imports of them is in
 * the entry (the `index` group below); the rest, which the screens import, is in `framework`'s file.
 */
const everyFirstLoadModules = new RegExp(
  [
    'src[\\\\/]api[\\\\/](api-error|auth-middleware|session-port|client|unwrap|query-keys|index)\\.',
    'src[\\\\/]i18n[\\\\/](use-language|i18n|locale-backend|namespaces|stored-language)\\.',
    'src[\\\\/]i18n[\\\\/]locales[\\\\/]he[\\\\/](common|layout)\\.json$',
    'page-contract[\\\\/]languages\\.',
    // What every route's search is checked against (src/routes/-search.ts).
    'domain[\\\\/]property-options\\.',
    'src[\\\\/]app[\\\\/]site-footer\\.',
    // Public screens open dialogs too (registration's terms): in `signed-in` it brought that chunk along.
    'src[\\\\/]components[\\\\/]lazy-dialog\\.',
    'src[\\\\/]components[\\\\/]language-switcher\\.',
    '@mantine[\\\\/]hooks[\\\\/]esm[\\\\/]use-uncontrolled[\\\\/]',
    '@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]Combobox[\\\\/](Combobox\\.module|ComboboxChevron[\\\\/])',
    '@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/](createReactComponent|defaultAttributes)\\.mjs$',
  ].join('|'),
);

/**
 * Mantine parts that the signed-in screens and registration load first, and /login does not: the text
 * input and its base, the grid, visually hidden text, the parsed options of a select, a window listener,
 * the theme icon (the list's states, the sidebar; left to `mantine`'s share count, it went in and out of
 * every first load as lazy dialogs came and went).
 */
const formsModules = new RegExp(
  '@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](InputBase[\\\\/]|TextInput[\\\\/]|SimpleGrid[\\\\/]|ThemeIcon[\\\\/]|' +
    'VisuallyHidden[\\\\/]|Input[\\\\/]use-input-props|Combobox[\\\\/]get-parsed-combobox-data)|' +
    '@mantine[\\\\/]hooks[\\\\/]esm[\\\\/]use-window-event[\\\\/]',
);

/** The toast's content and styles and their icons: the signed-in screens and the code check show toasts. */
const toastModules = new RegExp(
  'src[\\\\/]components[\\\\/]toast[\\\\/]|' +
    '@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](IconAlertTriangle|IconCircleCheck|IconCircleX|IconInfoCircle)\\.mjs$',
);

/** The chunks index.html loads on every page: the entry, with all it imports, and Rolldown's runtime. */
const loadedByIndexHtml = /^assets\/(index|rolldown-runtime)-[\w-]{8}\.(js|css)$/;

const chunkGroups = [
  {
    // Everything the entry imports, in the entry's own file. The groups below still decide what the lazy
    // screens share; their parts that every page runs at start come with the entry instead of as files
    // index.html preloaded beside it, each of which a phone's first paint waited for over HTTP/1.1
    // (docs/decisions.md, issue 26, chunks). A returning broker fetches the whole entry again after any
    // change to the app: a libraries' file apart, kept for the cache, cost more bytes than the budget has.
    name: 'index',
    tags: ['$initial' as const],
    priority: 30,
  },
  {
    name: 'framework',
    // What the entry does not import of the libraries and of the small parts every first load fetches:
    // the lazy screens' share, in one file (apart, those parts were one more file at every route load).
    test: (id: string) =>
      (frameworkModules.test(id) && !transModules.test(id)) || everyFirstLoadModules.test(id),
    priority: 20,
  },
  {
    name: 'xstate',
    test: xstateModules,
    priority: 20,
  },
  {
    // Mantine's hooks and inner utilities (focus trap, floating positions, drag). In `framework` they all
    // went to every screen, those only popovers, toasts and the wizard's inputs use included. A hook
    // shared by fewer than 8 chunks now loads with the screens that use it: /login 190.7 → 185.4 KiB,
    // /properties 224.0 → 220.9 KiB of first-load JS. 9 since the sign-out dialog became the eighth lazy
    // chunk with a Modal: at 8 its focus-trap hooks joined every first load (docs/decisions.md, issue 19,
    // sign-out). 10 since the property page's photo viewer made the ninth (issue 21, gallery). The
    // exposure request dialog opening from the list's rows too is met by `dialogOnlyModules` (above).
    name: 'mantine-hooks',
    test: (id: string) => mantineHooks.test(id) && !dialogOnlyModules.test(id),
    priority: 19,
    minShareCount: 10,
  },
  {
    // Floating positions (popovers, menus, tooltips, the combobox) in a chunk of their own, loaded with
    // the first screen part that floats something. Left to the share count below, every new lazy screen
    // with a menu or tooltip brought them nearer to `mantine`, and once 12 chunks shared them they went
    // into every first load: +7.4 KiB of /properties when /drafts and the sign-out dialog arrived.
    name: 'floating-ui',
    test: inNodeModules('@floating-ui'),
    priority: 16,
  },
  {
    name: 'mantine',
    test: (id: string) => mantineModules.test(id) && !dialogOnlyModules.test(id),
    priority: 15,
    // A component shared by fewer chunks loads with the screens that use it; a lower count pulled more of
    // them into /login's first load (8: 209 KiB against its 200 KiB budget). With the request dialog
    // opening from the list's rows and /exposure-requests as well, 13 was tried: 227.8 KiB against 226.8
    // at 12 once the dialog-only parts stay out (docs/decisions.md, issue 21, list3 and issue 23).
    minShareCount: 12,
  },
  {
    name: 'forms',
    test: formsModules,
    priority: 14,
    includeDependenciesRecursively: false,
  },
  {
    name: 'show-toast',
    test: toastModules,
    priority: 14,
    includeDependenciesRecursively: false,
  },
  {
    // What the sign-in form and registration's first step share (sending the code, its button and its wait,
    // dropping `?phone=`, the mobile-line check): split by who imports them, they were four files of
    // 0.1–1.2 KiB in /login's first load.
    name: 'send-code',
    test: /src[\\/]features[\\/]auth[\\/](use-send-code|send-code-button|send-wait-label|use-drop-phone-param)\.|domain[\\/]phone-line\./,
    priority: 14,
    includeDependenciesRecursively: false,
  },
  {
    name: 'signed-in',
    test: (id: string) => signedInModules.test(id) || propertyPartsModules.test(id),
    priority: 14,
    includeDependenciesRecursively: false,
  },
  {
    name: 'listing-view',
    test: listingViewModules,
    priority: 14,
    includeDependenciesRecursively: false,
  },
  {
    name: 'properties-page',
    test: propertyListModules,
    priority: 14,
    includeDependenciesRecursively: false,
  },
];

/**
 * Two builds from one config: the client (`vite build`, into dist/client) and the app's server entry
 * (`vite build --ssr src/entry-server.tsx`, into dist/ssr), which the server loads by path
 * (page-contract/page-renderer.ts). Both run the same plugins over the same sources, so CSS module
 * class names and the route tree are the same in both; the SSR build bundles its packages too, so the
 * module runs wherever the built folder is copied to (the browser journeys copy it).
 */
export default defineConfig(({ isSsrBuild }) => ({
  // The router plugin must run before react() so generated route code is transformed too.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
    }),
    react(),
    leanMantine(),
    ...(isSsrBuild
      ? []
      : [
          // Heebo's Hebrew and Latin in one file (src/app/heebo-font.css): every screen writes Hebrew and
          // digits. Unpreloaded, it was found at the first layout and came after the first paint, and the
          // whole page was laid out again (and shifted).
          preloadFont(/heebo-hebrew-latin-wght-[\w-]+\.woff2$/),
          precompress(),
          // After the bundle is written: what each route's server-rendered page links in its head.
          pageAssets(),
          // What this build read, for `npm start` to rebuild when any of it changes (scripts/ensure-build.mjs).
          clientInputs(),
        ]),
  ],
  resolve: { alias },
  server: {
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3001}` },
  },
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        sourcemap: true,
        // Lazy parts stay chunks of their own, loaded only when a render reaches them: inlined, the
        // machines page's Mermaid and its layout engines made an 11 MB module that took 1.5 s to load.
        copyPublicDir: false,
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        sourcemap: true,
        // Which chunks each route loads, for the bundle budget (scripts/perf/bundle-size.ts) and each page's head.
        manifest: true,
        // One stylesheet for the whole app, linked by index.html: a phone's first paint waits for one file
        // instead of one per first-load chunk, and no route's module links another one later. Mantine's
        // share of it is only what the app draws (src/app/mantine-styles.ts); `npm run size` holds its bytes.
        cssCodeSplit: false,
        // A lazy chunk's list of files to preload with it leaves out what index.html loads already (the
        // browser has them before any lazy import runs): in every first load, those names were bytes only.
        modulePreload: {
          resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
            hostType === 'html' ? deps : deps.filter((dep) => !loadedByIndexHtml.test(dep)),
        },
        rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
        // The framework chunk is one file on purpose (about 540 kB, 170 KiB gzipped); the budgets that
        // matter, gzipped first loads per route, are checked by npm run size.
        chunkSizeWarningLimit: 600,
      },
}));
