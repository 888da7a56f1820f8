/**
 * docs/machines/index.html, the offline explorer (`npm run diagrams` writes it): one self-contained
 * page, opened from the file system with no network, where one picks a machine, sees its diagram,
 * clicks what the current state accepts and watches the flow move, steps back and resets, in English
 * or Hebrew.
 *
 * The page simulates the machine's structure, not its code: each machine is written out as its states
 * and transitions (with their descriptions), and the page enters and exits states as a statechart does
 * (compound states enter their initial child, parallel states all regions, a transition exits up to the
 * closest state containing both ends). Guards are not evaluated, since they read data the page does not
 * have: every guarded alternative is offered as a choice, described, as is each decision the machine
 * takes by itself (eventless transitions) and each outcome of a delay or of work a state waits for.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { eventText, stateText, transitionsOf, transitionText } from '../../diagrams/machine-descriptions';
import { stateNodesOf } from '../../diagrams/state-nodes';
import type { MachineText } from '../../machines/machine-text';
import { machineRegistry } from '../../machines/registry';
import { renderDiagramPage } from './diagram-page-kit';

interface ExplorerNode {
  id: string;
  key: string;
  parent: string | null;
  type: string;
  initial: string | null;
  children: string[];
  text: MachineText | null;
}

interface ExplorerTransition {
  source: string;
  /** What the user sees as the cause: an event code, or null for a decision, delay or outcome. */
  event: string | null;
  when: MachineText;
  guarded: boolean;
  text: MachineText | null;
  targets: string[];
  reenter: boolean;
}

function hebrewDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${milliseconds} אלפיות שנייה`;
  if (milliseconds < 60_000) {
    const seconds = milliseconds / 1000;
    return seconds === 1 ? 'שנייה' : `${seconds} שניות`;
  }
  const minutes = milliseconds / 60_000;
  return minutes === 1 ? 'דקה' : `${minutes} דקות`;
}

function englishDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${milliseconds} ms`;
  if (milliseconds < 60_000) return `${milliseconds / 1000} s`;
  return `${milliseconds / 60_000} min`;
}

/** What causes a transition, in words: the event's meaning, or the delay with its duration. */
function whenOf(
  machine: AnyStateMachine,
  node: AnyStateNode,
  transition: AnyTransitionDefinition,
  events: Readonly<Record<string, MachineText>> | undefined,
): MachineText {
  const { eventType } = transition;
  if (eventType === '') return { en: 'The flow decides by itself.', he: 'התהליך מחליט בעצמו.' };
  if (eventType.startsWith('xstate.after.')) {
    const entries = node.after as Array<{ eventType: string; delay: number | string }>;
    const delay = entries.find((entry) => entry.eventType === eventType)?.delay;
    const resolved =
      typeof delay === 'string' ? (machine.implementations.delays as Record<string, unknown>)[delay] : delay;
    if (typeof resolved === 'number') {
      return { en: `After ${englishDuration(resolved)}.`, he: `אחרי ${hebrewDuration(resolved)}.` };
    }
  }
  return eventText(eventType, events);
}

/** A machine as the page simulates it: states and transitions, with what they mean. */
export function explorerModel({ machine, title, events }: (typeof machineRegistry)[number]) {
  const nodes: ExplorerNode[] = [machine.root, ...stateNodesOf(machine)].map((node) => ({
    id: node.id,
    key: node.key,
    parent: node.parent?.id ?? null,
    type: node.type,
    initial:
      node.type === 'compound' ? ((node.initial?.target[0] as AnyStateNode | undefined)?.id ?? null) : null,
    children: (Object.values(node.states) as AnyStateNode[]).map((child) => child.id),
    text: stateText(node),
  }));
  const transitions: ExplorerTransition[] = [machine.root, ...stateNodesOf(machine)].flatMap((node) =>
    transitionsOf(node).map((transition) => ({
      source: node.id,
      event:
        transition.eventType === '' || transition.eventType.startsWith('xstate.')
          ? null
          : transition.eventType,
      when: whenOf(machine, node, transition, events),
      guarded: Boolean(transition.guard),
      text: transitionText(transition),
      targets: ((transition.target ?? []) as AnyStateNode[]).map((target) => target.id),
      reenter: Boolean((transition as { reenter?: boolean }).reenter),
    })),
  );
  return { machineId: machine.id, title, root: machine.root.id, nodes, transitions };
}

const PAGE_SCRIPT = `
var MACHINES = JSON.parse(document.getElementById('machines-data').textContent);
var TEXT = {
  en: { title: 'Machine explorer', machine: 'Machine', now: 'Where the flow is', can: 'What can happen now',
        none: 'Nothing: the flow has ended.', back: 'Step back', reset: 'Reset', log: 'What happened',
        start: 'Start', language: 'עברית', ended: 'The flow has ended.', intro: 'Click what happens next; the diagram marks where the flow is. Guards are not evaluated here: each alternative is offered with what it means.',
        stays: '(stays)' },
  he: { title: 'סייר המכונות', machine: 'מכונה', now: 'איפה התהליך נמצא', can: 'מה יכול לקרות עכשיו',
        none: 'שום דבר: התהליך הסתיים.', back: 'צעד אחורה', reset: 'איפוס', log: 'מה קרה',
        start: 'התחלה', language: 'English', ended: 'התהליך הסתיים.', intro: 'לחצו על מה שקורה עכשיו; התרשים מסמן איפה התהליך נמצא. התנאים לא נבדקים כאן: כל חלופה מוצגת עם המשמעות שלה.',
        stays: '(נשאר)' }
};
var params = new URLSearchParams(location.hash.slice(1));
var ui = { lang: params.get('lang') === 'he' ? 'he' : 'en', machine: params.get('machine') || MACHINES[0].machineId };
var sim = null;
function model() { return MACHINES.find(function (m) { return m.machineId === ui.machine; }) || MACHINES[0]; }
function node(m, id) { return m.byId[id]; }
function ancestors(m, id) { var out = []; for (var n = node(m, id).parent; n; n = node(m, n).parent) out.push(n); return out; }
function isDescendant(m, id, of) { return ancestors(m, id).indexOf(of) !== -1; }
function enter(m, active, id) {
  active[id] = true;
  var n = node(m, id);
  if (n.type === 'compound' && n.initial) enter(m, active, n.initial);
  if (n.type === 'parallel') n.children.forEach(function (c) { enter(m, active, c); });
}
function enterChain(m, active, domain, target) {
  var chain = [target].concat(ancestors(m, target));
  var stop = chain.indexOf(domain);
  chain = chain.slice(0, stop === -1 ? chain.length : stop).reverse();
  chain.forEach(function (id, i) {
    active[id] = true;
    var n = node(m, id);
    if (n.type === 'parallel') n.children.forEach(function (c) { if (c !== chain[i + 1] && !active[c]) enter(m, active, c); });
  });
  enter(m, active, target);
}
function domainOf(m, t) {
  var target = t.targets[0];
  if (!t.reenter && t.targets.every(function (x) { return isDescendant(m, x, t.source); })) return t.source;
  var candidates = ancestors(m, t.source);
  for (var i = 0; i < candidates.length; i++) {
    var a = candidates[i];
    if (t.targets.every(function (x) { return isDescendant(m, x, a); }) && node(m, a).type !== 'parallel') return a;
  }
  return m.root;
}
function take(m, config, t) {
  if (!t.targets.length) return Object.assign({}, config);
  var active = Object.assign({}, config), domain = domainOf(m, t);
  Object.keys(active).forEach(function (id) { if (isDescendant(m, id, domain)) delete active[id]; });
  t.targets.forEach(function (target) { enterChain(m, active, domain, target); });
  return active;
}
function leaves(m, config) {
  return Object.keys(config).filter(function (id) { return node(m, id).children.every(function (c) { return !config[c]; }); })
    .sort(function (a, b) { return m.order[a] - m.order[b]; });
}
function isDone(m, config) { return node(m, m.root).children.some(function (c) { return config[c] && node(m, c).type === 'final'; }); }
/** What the active states accept: a deeper state handling an event hides its ancestors' handling of it. */
function available(m, config) {
  if (isDone(m, config)) return [];
  var active = Object.keys(config);
  return m.transitions.filter(function (t) {
    if (!config[t.source]) return false;
    if (t.event === null) return true;
    return !active.some(function (id) {
      return id !== t.source && isDescendant(m, id, t.source) &&
        m.transitions.some(function (o) { return o.source === id && o.event === t.event; });
    });
  });
}
function reset() {
  var m = model(), config = {};
  config[m.root] = true;
  enter(m, config, m.root);
  sim = { history: [{ config: config, step: null }] };
}
function el(tag, attrs, children) {
  var n = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) { if (k === 'text') n.textContent = attrs[k]; else n.setAttribute(k, attrs[k]); });
  (children || []).forEach(function (c) { n.appendChild(c); });
  return n;
}
/** A delay or finished work with a description says it all; an event or a decision says its cause too. */
function describeT(m, t) {
  var l = ui.lang;
  var decision = t.when.en === 'The flow decides by itself.';
  if (t.text && !t.event && !decision) return t.text[l];
  return t.text ? t.when[l] + ' → ' + t.text[l] : t.when[l];
}
function render() {
  var t = TEXT[ui.lang], m = model(), current = sim.history[sim.history.length - 1].config, l = ui.lang;
  document.documentElement.lang = l; document.documentElement.dir = l === 'he' ? 'rtl' : 'ltr';
  ['title', 'machine-label', 'now-heading', 'can-heading', 'log-heading', 'back', 'reset', 'language', 'intro'].forEach(function (id) {
    var key = { 'machine-label': 'machine', 'now-heading': 'now', 'can-heading': 'can', 'log-heading': 'log' }[id] || id;
    document.getElementById(id).textContent = t[key];
  });
  var select = document.getElementById('machine'); select.innerHTML = '';
  MACHINES.forEach(function (d) { var o = el('option', { value: d.machineId, text: d.title[l] + ' (' + d.machineId + ')' }); if (d.machineId === m.machineId) o.selected = true; select.appendChild(o); });
  document.querySelectorAll('.diagram').forEach(function (d) { d.hidden = d.dataset.machine !== m.machineId; });
  var now = document.getElementById('now'); now.innerHTML = '';
  leaves(m, current).forEach(function (id) {
    var n = node(m, id);
    now.appendChild(el('li', {}, [el('code', { class: 'mono', text: id.slice(m.root.length + 1) }), el('span', { text: ' ' + (n.text ? n.text[l] : '') })]));
  });
  if (isDone(m, current)) now.appendChild(el('li', { text: t.ended }));
  var can = document.getElementById('can'); can.innerHTML = '';
  // The flow's own decisions first, then what a user does, then outcomes of delays and work.
  var rank = function (tr) { return tr.when.en === 'The flow decides by itself.' ? 0 : tr.event ? 1 : 2; };
  var options = available(m, current).map(function (tr, i) { return [tr, i]; })
    .sort(function (a, b) { return rank(a[0]) - rank(b[0]) || a[1] - b[1]; }).map(function (p) { return p[0]; });
  options.forEach(function (tr) {
    var b = el('button', { type: 'button' }, [tr.event ? el('code', { class: 'mono', text: tr.event }) : el('span', {}), el('span', { text: (tr.event ? ' ' : '') + describeT(m, tr) })]);
    b.addEventListener('click', function () { sim.history.push({ config: take(m, current, tr), step: tr }); update(); });
    can.appendChild(el('li', {}, [b]));
  });
  if (!options.length) can.appendChild(el('li', { text: t.none }));
  document.getElementById('back').disabled = sim.history.length < 2;
  var log = document.getElementById('log'); log.innerHTML = '';
  log.appendChild(el('li', { text: t.start + ': ' + leaves(m, sim.history[0].config).map(function (id) { var n = node(m, id); return n.text ? n.text[l] : id; }).join(' ') }));
  sim.history.slice(1).forEach(function (h) { log.appendChild(el('li', {}, [h.step.event ? el('code', { class: 'mono', text: h.step.event }) : el('span', {}), el('span', { text: (h.step.event ? ' ' : '') + describeT(m, h.step) })])); });
  var seen = [];
  sim.history.slice(0, -1).forEach(function (h) { seen = seen.concat(leaves(m, h.config)); });
  markStates(m.machineId, leaves(m, current), seen);
}
function update() { location.hash = 'machine=' + ui.machine + '&lang=' + ui.lang; render(); }
MACHINES.forEach(function (m) {
  m.byId = {}; m.order = {};
  m.nodes.forEach(function (n, i) { m.byId[n.id] = n; m.order[n.id] = i; });
});
document.getElementById('machine').addEventListener('change', function (e) { ui.machine = e.target.value; reset(); update(); });
document.getElementById('language').addEventListener('click', function () { ui.lang = ui.lang === 'en' ? 'he' : 'en'; update(); });
document.getElementById('back').addEventListener('click', function () { if (sim.history.length > 1) sim.history.pop(); render(); });
document.getElementById('reset').addEventListener('click', function () { reset(); render(); });
reset(); render();
`;

export function renderExplorerPage(): string {
  return renderDiagramPage({
    title: 'Machine explorer',
    generatedBy: '`npm run diagrams` from the machine objects',
    style: `
ul.plain { list-style: none; padding: 0; margin: 0 0 12px; }
ul.plain li { margin: 4px 0; }
ul.plain button { width: 100%; }
ol.log { font-size: 14px; padding-inline-start: 22px; }
.actions { display: flex; gap: 8px; margin: 8px 0 14px; }
`,
    headerControls: `  <label><span id="machine-label">Machine</span> <select id="machine"></select></label>
  <button type="button" id="language">עברית</button>`,
    panel: `    <p class="muted" id="intro"></p>
    <h2 id="now-heading">Where the flow is</h2>
    <ul class="plain" id="now"></ul>
    <h2 id="can-heading">What can happen now</h2>
    <ul class="plain" id="can"></ul>
    <div class="actions"><button type="button" id="back">Step back</button><button type="button" id="reset">Reset</button></div>
    <h2 id="log-heading">What happened</h2>
    <ol class="log" id="log"></ol>`,
    diagrams: machineRegistry.map(({ machine, title }) => ({ machineId: machine.id, title: title.en })),
    dataId: 'machines-data',
    data: machineRegistry.map(explorerModel),
    script: PAGE_SCRIPT,
  });
}
