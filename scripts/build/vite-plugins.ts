import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing ahead of time; maps are fetched by developer tools only. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` next to every built text file, which the server sends as they are
 * (@fastify/static `preCompressed`): maximum compression once at build time, none per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nechasim:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const writes: Promise<void>[] = [];
      for (const output of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(output.fileName)) continue;
        const content = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        writes.push(compressBeside(join(outDir, output.fileName), content));
      }
      await Promise.all(writes);
    },
  };
}

/** Writes `file.gz` and `file.br` for a file's content, unless it is too small to gain from it. */
export async function compressBeside(file: string, content: Buffer): Promise<void> {
  if (content.length < MIN_BYTES) return;
  await Promise.all([
    writeFile(`${file}.gz`, gzipSync(content, { level: 9 })),
    writeFile(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    ),
  ]);
}

/**
 * Preloads the built file of a font from index.html. Without it the browser finds a font only after
 * the CSS is parsed and the first text laid out, and paints and lays out the page twice. `crossorigin`
 * is required: fonts are always fetched in CORS mode, and a preload without it is fetched a second time.
 */
export function preloadFont(fileNamePattern: RegExp): Plugin {
  return {
    name: 'nechasim:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((fileName) => fileNamePattern.test(fileName));
        if (!font) throw new Error(`no built font matches ${fileNamePattern}`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Rewrites of Mantine's modules (leanMantine): most drop a module-level import the app never runs; one
 * keeps the ids the server rendered.
 */
export const MANTINE_REWRITES = [
  {
    /**
     * The table names its scroll container statically (`Table.ScrollContainer`), and the container imports
     * ScrollArea, and through it floating-ui, for its `scrollarea` type. The app's tables scroll natively
     * (`type="native"`, a plain box), so a wide screen's list fetched about 14 KiB gzipped for nothing.
     * In the built app `type="scrollarea"` throws.
     */
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]TableScrollContainer\.mjs$/,
    from: 'import { ScrollArea } from "../ScrollArea/ScrollArea.mjs";',
    to: 'const ScrollArea = () => { throw new Error("Table.ScrollContainer: only type=\\"native\\" is built (scripts/build/vite-plugins.ts)"); };',
  },
  {
    /**
     * The app shell's header, footer and aside read one class name from react-remove-scroll
     * (`RemoveScroll.classNames.zeroRight`), which imports the scroll lock itself (its sidecar, the
     * `Combination` chunk: 4.2 KiB gzipped) into every private page's first load. The name is written
     * here; a test holds it equal to the package's.
     */
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]AppShell\1\.mjs$/,
    from: 'import { RemoveScroll } from "react-remove-scroll";',
    to: 'const RemoveScroll = { classNames: { zeroRight: "right-scroll-bar-position" } };',
  },
  {
    /**
     * The app shell's parts import the resize handle (drag to resize, with its keyboard steps and
     * clamping, about 1.7 KiB gzipped) and draw it only when the shell is given `resize`, which the
     * app's layout never is (main-layout.tsx). A resizable shell throws in the built app.
     */
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Navbar|Header|Footer|Aside)[\\/]AppShell\1\.mjs$/,
    from: 'import { AppShellResizeHandle } from "../AppShellResizeHandle/AppShellResizeHandle.mjs";',
    to: 'const AppShellResizeHandle = () => { throw new Error("AppShell: resizing is not built (scripts/build/vite-plugins.ts)"); };',
  },
  {
    /**
     * A nav link draws its collapse (with Mantine's height and width animation hooks) and the accordion's
     * chevron only when it holds nested links; the sidebar's links never do (sidebar.tsx). About 1.6 KiB
     * gzipped of every signed-in page's first load. A nav link with children throws in the built app.
     */
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]NavLink[\\/]NavLink\.mjs$/,
    from: 'import { Collapse } from "../Collapse/Collapse.mjs";',
    to: 'const Collapse = () => { throw new Error("NavLink: nested links are not built (scripts/build/vite-plugins.ts)"); };',
  },
  {
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]NavLink[\\/]NavLink\.mjs$/,
    from: 'import { AccordionChevron } from "../Accordion/AccordionChevron.mjs";',
    to: 'const AccordionChevron = () => { throw new Error("NavLink: nested links are not built (scripts/build/vite-plugins.ts)"); };',
  },
  ...(
    [
      /**
       * The app shell names its aside and footer statically (`AppShell.Aside`, `AppShell.Footer`); the
       * app's layout has neither (main-layout.tsx): about 0.6 KiB gzipped of every signed-in page's first
       * load. Either one throws in the built app.
       */
      ['import { AppShellAside } from "./AppShellAside/AppShellAside.mjs";', 'AppShellAside'],
      ['import { AppShellFooter } from "./AppShellFooter/AppShellFooter.mjs";', 'AppShellFooter'],
    ] as const
  ).map(([from, name]) => ({
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell\.mjs$/,
    from,
    to: `const ${name} = () => { throw new Error("AppShell: ${name} is not built (scripts/build/vite-plugins.ts)"); };`,
  })),
  {
    /**
     * The table imports its renderer of a `data` prop (rows from an array) and names it as
     * `Table.DataRenderer`; the app's tables write their rows (property-table.tsx). A table given `data`
     * throws in the built app.
     */
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]Table\.mjs$/,
    from: 'import { TableDataRenderer } from "./TableDataRenderer.mjs";',
    to: 'const TableDataRenderer = () => { throw new Error("Table: data is not built (scripts/build/vite-plugins.ts)"); };',
  },
  ...(
    [
      /**
       * The button and the action icon name their groups statically (`Button.Group`, `ActionIcon.Group`
       * and their sections), which neither the app nor any Mantine part it uses draws, yet every
       * first load carried them. Either group throws in the built app.
       */
      ['Button', 'ButtonGroup'],
      ['Button', 'ButtonGroupSection'],
      ['ActionIcon', 'ActionIconGroup'],
      ['ActionIcon', 'ActionIconGroupSection'],
    ] as const
  ).map(([component, name]) => ({
    file: new RegExp(
      `@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]${component}[\\\\/]${component}\\.mjs$`,
    ),
    from: `import { ${name} } from "./${name}/${name}.mjs";`,
    to: `const ${name} = () => { throw new Error("${component}: ${name} is not built (scripts/build/vite-plugins.ts)"); };`,
  })),
  ...(
    [
      /**
       * The shell's inline styles compute the aside's and footer's sizes too, and for a shell without
       * them write nothing (a test holds that against the installed functions); the app's shell has
       * neither (main-layout.tsx). Given either, the built app throws.
       */
      [
        'import { assignAsideVariables } from "../assign-aside-variables/assign-aside-variables.mjs";',
        'assignAsideVariables',
        'aside',
      ],
      [
        'import { assignFooterVariables } from "../assign-footer-variables/assign-footer-variables.mjs";',
        'assignFooterVariables',
        'footer',
      ],
    ] as const
  ).map(([from, name, part]) => ({
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShellMediaStyles[\\/]get-variables[\\/]get-variables\.mjs$/,
    from,
    to: `const ${name} = ({ ${part} }) => { if (${part}) throw new Error("AppShell: ${part} sizes are not built (scripts/build/vite-plugins.ts)"); };`,
  })),
  ...(
    [
      /**
       * The avatar imports its group (and reads the group's context), its placeholder icon and the initials
       * helpers at the top, and uses them only for `Avatar.Group`, an avatar with nothing inside, and
       * `name` or `color="initials"`. The app's two avatars (the sidebar's user, a property's cover) always
       * hold an icon: about 1 KiB gzipped of every signed-in page's first load. Those uses throw in the
       * built app.
       */
      ['import { AvatarGroup, AvatarGroupContext } from "./AvatarGroup/AvatarGroup.mjs";', 'AvatarGroup'],
      ['import { AvatarPlaceholderIcon } from "./AvatarPlaceholderIcon.mjs";', 'AvatarPlaceholderIcon'],
      ['import { getInitialsColor } from "./get-initials-color/get-initials-color.mjs";', 'getInitialsColor'],
      ['import { getInitials } from "./get-initials/get-initials.mjs";', 'getInitials'],
    ] as const
  ).map(([from, name]) => ({
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]Avatar[\\/]Avatar\.mjs$/,
    from,
    to: `const ${name} = () => { throw new Error("Avatar: ${name} is not built (scripts/build/vite-plugins.ts)"); };`,
  })),
  {
    /**
     * Mantine's `useId` starts from React's id, which the server and the hydrating browser agree on, then
     * swaps it for a random one in a layout effect. Every part that asks for an id (the app shell, its
     * navbar, each chip, input and native select) was thereby rendered again, synchronously, in the task
     * that ends hydration, and rewrote its ids, labels and descriptions in the DOM: the largest part of
     * /properties' blocking time on a phone. React's id is unique within the root and safe in a selector,
     * so it is kept, and the effect goes. Tests and the dev server keep Mantine's random ids; only their
     * spelling differs.
     */
    file: /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/,
    from: [
      'const hasInitializedRef = useRef(false);',
      '\tuseIsomorphicEffect(() => {',
      '\t\tif (hasInitializedRef.current) return;',
      '\t\thasInitializedRef.current = true;',
      '\t\tsetUuid(randomId());',
      '\t}, []);',
    ].join('\n'),
    // As many lines as were taken out, so that the lines below keep their places.
    to: `/* React's id is kept (scripts/build/vite-plugins.ts) */${'\n'.repeat(5)}`,
  },
  ...(
    [
      ['const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);', 'let defaultCssVariables;'],
      [
        'function removeDefaultVariables(input) {',
        'function removeDefaultVariables(input) { defaultCssVariables ??= defaultCssVariablesResolver(DEFAULT_THEME);',
      ],
    ] as const
  ).map(([from, to]) => ({
    /**
     * Mantine resolves its default theme's CSS variables when the module is evaluated, for the one
     * function that leaves them out of the provider's `<style>`. That put the work in the longest task of
     * a phone's start, the evaluation of the app's modules; resolved on the first call instead, it runs
     * while the provider renders, in the hydration's time slices.
     */
    file: /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/,
    from,
    to,
  })),
  {
    // Outside a group (the only avatars built), the group's context holds its default value.
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]Avatar[\\/]Avatar\.mjs$/,
    from: 'const groupCtx = use(AvatarGroupContext);',
    to: 'const groupCtx = { withinGroup: false };',
  },
];

/**
 * Leaves out of Mantine's components what the app never runs but their modules import at the top
 * (MANTINE_REWRITES), in the client and server builds alike. The dev server pre-bundles Mantine
 * without this, and tests run it unchanged: both behave the same for what the app uses.
 */
export function leanMantine(): Plugin {
  return {
    name: 'nechasim:lean-mantine',
    enforce: 'pre',
    transform(code, id) {
      const rewrites = MANTINE_REWRITES.filter(({ file }) => file.test(id));
      if (rewrites.length === 0) return null;
      let lean = code;
      for (const { from, to } of rewrites) {
        if (!lean.includes(from)) this.error(`${id} no longer has \`${from}\`: update MANTINE_REWRITES`);
        lean = lean.replace(from, to);
      }
      // One import line rewritten in place: the lines below keep their places, so the map stays.
      return { code: lean, map: null };
    },
  };
}
