/** Resolves once the page's fonts have loaded, so what is read next is laid out in them. */
export async function fontsLoaded(): Promise<void> {
  await document.fonts.ready;
}

/** The page as it stands: the root element's attributes, title, stylesheets in order, and #root. */
export function readDrawnPage(): {
  htmlAttributes: [string, string][];
  title: string;
  stylesheets: string[];
  root: string;
} {
  return {
    htmlAttributes: [...document.documentElement.attributes].map(
      (a) => [a.name, a.value] as [string, string],
    ),
    title: document.title,
    stylesheets: [...document.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]')].map(
      (link) => new URL(link.href).pathname,
    ),
    root: document.getElementById('root')?.innerHTML ?? '',
  };
}
