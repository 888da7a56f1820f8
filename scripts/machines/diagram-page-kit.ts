/**
 * What the self-contained diagram pages share (the explorer, docs/machines/index.html, and the tester
 * paths page, docs/paths/paths.html): the committed Mermaid SVGs inlined, styles, and the script that
 * marks states on them. Everything is inlined so a page opened from the file system needs no network.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const machinesDocs = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'docs/machines');

/** The committed SVG of a machine (as `npm run diagrams` drew it), without its source-hash comment. */
export function committedSvg(machineId: string): string {
  const svg = readFileSync(join(machinesDocs, `${machineId}.svg`), 'utf8');
  return svg.slice(svg.indexOf('<svg'));
}

/** JSON inside a <script> element: nothing in it may close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export const PAGE_STYLE = `
:root { --accent: #1c7ed6; --mark: #fde68a; --mark-stroke: #b45309; --seen: #dbeafe; --seen-stroke: #1c7ed6; }
* { box-sizing: border-box; }
body { margin: 0; font-family: 'DejaVu Sans', Arial, sans-serif; color: #1f2937; background: #f8fafc; }
header { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; padding: 12px 20px; background: #fff; border-bottom: 1px solid #e5e7eb; }
header h1 { font-size: 20px; margin: 0 12px 0 0; }
main { display: grid; grid-template-columns: minmax(320px, 420px) 1fr; gap: 16px; padding: 16px 20px; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } }
section.panel { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 14px; min-width: 0; }
section.panel h2 { font-size: 16px; margin: 0 0 8px; }
.diagram { overflow: auto; direction: ltr; max-height: calc(100vh - 120px); }
.diagram svg { max-width: 100% !important; height: auto; }
button, select, input { font: inherit; }
button { cursor: pointer; border: 1px solid #cbd5e1; background: #fff; border-radius: 6px; padding: 6px 10px; text-align: start; }
button:hover { border-color: var(--accent); }
button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
button.primary { background: var(--accent); color: #fff; border-color: var(--accent); }
button[aria-pressed="true"] { background: #e7f5ff; border-color: var(--accent); }
.muted { color: #64748b; font-size: 13px; }
.mono { font-family: 'DejaVu Sans Mono', monospace; direction: ltr; unicode-bidi: isolate; }
ol.steps { padding-inline-start: 22px; }
ol.steps li { margin: 6px 0; cursor: pointer; padding: 4px 6px; border-radius: 6px; }
ol.steps li.current { background: var(--mark); }
.diagram g.mark rect, .diagram g.mark path, .diagram g.mark polygon { fill: var(--mark) !important; stroke: var(--mark-stroke) !important; stroke-width: 3px !important; }
.diagram g.seen rect, .diagram g.seen path, .diagram g.seen polygon { fill: var(--seen) !important; stroke: var(--seen-stroke) !important; stroke-width: 2px !important; }
`;

/**
 * Browser code (a string inlined into the pages): `markStates(machineId, currentIds, seenIds)` marks
 * the innermost states of a diagram, current ones strongly and already visited ones lightly. Mermaid
 * gives each simple state the id `diagram-<machine>-state-<state id with _ for .>-<n>`.
 */
export const MARK_STATES_SCRIPT = `
function mermaidId(id) { return id.replace(/[^A-Za-z0-9_]/g, '_'); }
function stateGroup(machineId, stateId) {
  var prefix = 'diagram-' + machineId + '-state-' + mermaidId(stateId) + '-';
  var groups = document.querySelectorAll('[id^="' + prefix + '"]');
  for (var i = 0; i < groups.length; i++) {
    if (/^\\d+$/.test(groups[i].id.slice(prefix.length))) return groups[i];
  }
  return null;
}
function markStates(machineId, currentIds, seenIds) {
  document.querySelectorAll('.diagram g.mark, .diagram g.seen').forEach(function (g) {
    g.classList.remove('mark'); g.classList.remove('seen');
  });
  (seenIds || []).forEach(function (id) { var g = stateGroup(machineId, id); if (g) g.classList.add('seen'); });
  (currentIds || []).forEach(function (id) {
    var g = stateGroup(machineId, id);
    if (g) { g.classList.remove('seen'); g.classList.add('mark'); }
  });
}
`;

export interface DiagramPageParts {
  title: string;
  /** Which command writes the page, for its "do not edit" note. */
  generatedBy: string;
  /** The page's own rules, after the shared ones. */
  style: string;
  /** The header's controls, after its heading (the heading's id is "title"). */
  headerControls: string;
  /** The left panel's content. */
  panel: string;
  diagrams: readonly { machineId: string; title: string }[];
  /** The id of the JSON script the page's code reads, and what it holds. */
  dataId: string;
  data: unknown;
  script: string;
}

/** A whole diagram page: the same head, layout, inlined diagrams and scripts for every such page. */
export function renderDiagramPage(parts: DiagramPageParts): string {
  const diagrams = parts.diagrams
    .map(
      ({ machineId, title }) =>
        `<div class="diagram" data-machine="${escapeHtml(machineId)}" role="img" aria-label="${escapeHtml(title)}">${committedSvg(machineId)}</div>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${parts.title} — Nechasim</title>
<!-- Generated by ${parts.generatedBy}; do not edit by hand. Needs no network. -->
<style>${PAGE_STYLE}${parts.style}</style>
</head>
<body>
<header>
  <h1 id="title">${parts.title}</h1>
${parts.headerControls}
</header>
<main>
  <section class="panel">
${parts.panel}
  </section>
  <section class="panel">${diagrams}</section>
</main>
<script type="application/json" id="${parts.dataId}">${scriptJson(parts.data)}</script>
<script>${MARK_STATES_SCRIPT}${parts.script}</script>
</body>
</html>
`;
}
