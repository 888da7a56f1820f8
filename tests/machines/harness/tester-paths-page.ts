/**
 * docs/paths/paths.html: the tester paths as one self-contained page (opened from the file system, no
 * network). Pick a machine and a path (or type its id); the path's steps are listed in English or
 * Hebrew, and the diagram marks where each step leaves the flow.
 */
import { renderDiagramPage } from '../../../scripts/machines/diagram-page-kit';
import type { pathsJson } from './tester-paths-report';

type PathsData = ReturnType<typeof pathsJson>;

const PAGE_SCRIPT = `
var DATA = JSON.parse(document.getElementById('paths-data').textContent);
var TEXT = {
  en: { title: 'Paths for testers', machine: 'Machine', find: 'Path id', paths: 'Paths', steps: 'Steps',
        model: 'replayed on the model', ui: 'walked through the screens', browser: 'walked in the browser',
        now: 'Now:', none: 'No path matches.', run: 'Run on the model', runUi: 'Run through the screens',
        runBrowser: 'Run in the browser', language: 'עברית', totals: function (t) {
          return t.states + ' states · ' + t.transitions + ' transitions · ' + t.paths + ' paths · ' + t.model + ' replayed on the model · ' + t.ui + ' walked through the screens · ' + t.browser + ' walked in the browser'; } },
  he: { title: 'מסלולים לבודקים', machine: 'מכונה', find: 'מזהה מסלול', paths: 'מסלולים', steps: 'שלבים',
        model: 'הורץ על המודל', ui: 'נבדק במסכים', browser: 'נבדק בדפדפן',
        now: 'עכשיו:', none: 'אין מסלול מתאים.', run: 'הרצה על המודל', runUi: 'הרצה במסכים',
        runBrowser: 'הרצה בדפדפן', language: 'English', totals: function (t) {
          return t.states + ' מצבים · ' + t.transitions + ' מעברים · ' + t.paths + ' מסלולים · ' + t.model + ' הורצו על המודל · ' + t.ui + ' נבדקו במסכים · ' + t.browser + ' נבדקו בדפדפן'; } }
};
var params = new URLSearchParams(location.hash.slice(1));
var state = { lang: params.get('lang') === 'he' ? 'he' : 'en', machine: params.get('machine') || DATA[0].machineId,
              path: params.get('path'), step: 0 };
if (state.path) { DATA.forEach(function (m) { m.paths.forEach(function (p) { if (p.id === state.path) state.machine = m.machineId; }); }); }
function el(tag, attrs, children) {
  var node = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) { if (k === 'text') node.textContent = attrs[k]; else node.setAttribute(k, attrs[k]); });
  (children || []).forEach(function (c) { node.appendChild(c); });
  return node;
}
function machine() { return DATA.find(function (m) { return m.machineId === state.machine; }) || DATA[0]; }
function render() {
  var t = TEXT[state.lang], m = machine();
  document.documentElement.lang = state.lang; document.documentElement.dir = state.lang === 'he' ? 'rtl' : 'ltr';
  document.getElementById('title').textContent = t.title;
  document.getElementById('machine-label').textContent = t.machine;
  document.getElementById('find-label').textContent = t.find;
  document.getElementById('language').textContent = t.language;
  var select = document.getElementById('machine');
  select.innerHTML = '';
  DATA.forEach(function (d) { var o = el('option', { value: d.machineId, text: d.title[state.lang] + ' (' + d.machineId + ')' }); if (d.machineId === m.machineId) o.selected = true; select.appendChild(o); });
  document.getElementById('totals').textContent = t.totals(m.totals);
  document.querySelectorAll('.diagram').forEach(function (d) { d.hidden = d.dataset.machine !== m.machineId; });
  var filter = document.getElementById('find').value.trim();
  var list = document.getElementById('path-list'); list.innerHTML = '';
  document.getElementById('paths-heading').textContent = t.paths;
  var shown = m.paths.filter(function (p) { return !filter || p.id.indexOf(filter) !== -1; });
  if (!shown.some(function (p) { return p.id === state.path; })) { state.path = shown.length ? shown[0].id : null; state.step = 0; }
  shown.slice(0, 400).forEach(function (p) {
    var b = el('button', { type: 'button', 'aria-pressed': String(p.id === state.path) }, [
      el('span', { class: 'mono', text: p.id }), el('span', { class: 'muted', text: ' · ' + p.steps.length + ' · ' + [p.model ? t.model : null, p.ui.length ? t.ui : null, p.browser.length ? t.browser : null].filter(Boolean).join(' · ') })]);
    b.addEventListener('click', function () { state.path = p.id; state.step = 0; update(); });
    list.appendChild(el('li', {}, [b]));
  });
  if (!shown.length) list.appendChild(el('li', { text: t.none }));
  var path = m.paths.find(function (p) { return p.id === state.path; });
  var detail = document.getElementById('path-detail'); detail.innerHTML = '';
  if (!path) { markStates(m.machineId, [], []); return; }
  var where = [path.model ? t.model : null].concat(path.ui.map(function (u) { return t.ui + ' (' + u.flow + ')'; }),
    path.browser.map(function (b) { return t.browser + ' (' + b.journey + ')'; })).filter(Boolean);
  detail.appendChild(el('h2', {}, [el('span', { class: 'mono', text: path.id })]));
  detail.appendChild(el('p', { class: 'muted', text: path.walk + ' · ' + where.join(' · ') }));
  var ol = el('ol', { class: 'steps', 'aria-label': t.steps });
  path.steps.forEach(function (s, i) {
    var li = el('li', { tabindex: '0', class: i === state.step ? 'current' : '' }, [
      s[3] ? el('code', { class: 'mono', text: s[3] }) : el('span', {}), el('span', { text: ' ' }),
      el('span', { text: m.texts[s[0]][state.lang] + ' ' }), el('strong', { text: t.now + ' ' }), el('span', { text: m.texts[s[1]][state.lang] })]);
    function pick() { state.step = i; update(); }
    li.addEventListener('click', pick);
    li.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); pick(); } });
    ol.appendChild(li);
  });
  detail.appendChild(ol);
  detail.appendChild(el('p', { class: 'muted' }, [el('span', { text: t.run + ': ' }), el('code', { class: 'mono', text: 'PATH_ID=' + path.id + ' npm run test:paths' })]));
  path.ui.forEach(function (u) {
    detail.appendChild(el('p', { class: 'muted' }, [el('span', { text: t.runUi + ': ' }), el('code', { class: 'mono', text: 'PATH_ID=' + path.id + ' npx vitest run --project ui ' + u.file })]));
  });
  path.browser.forEach(function (b) {
    detail.appendChild(el('p', { class: 'muted' }, [el('span', { text: t.runBrowser + ': ' }), el('code', { class: 'mono', text: 'npx vitest run --config tests/e2e/vitest.e2e.config.ts ' + b.file }), el('span', { text: ' (' + b.test + ')' })]));
  });
  var seen = []; path.steps.slice(0, state.step).forEach(function (s) { seen = seen.concat(m.stateSets[s[2]]); });
  markStates(m.machineId, m.stateSets[path.steps[state.step][2]], seen);
}
function update() {
  location.hash = 'machine=' + state.machine + (state.path ? '&path=' + state.path : '') + '&lang=' + state.lang;
  render();
}
document.getElementById('machine').addEventListener('change', function (e) { state.machine = e.target.value; state.path = null; update(); });
document.getElementById('find').addEventListener('input', function () { render(); });
document.getElementById('language').addEventListener('click', function () { state.lang = state.lang === 'en' ? 'he' : 'en'; update(); });
document.addEventListener('keydown', function (e) {
  var m = machine(), path = m.paths.find(function (p) { return p.id === state.path; });
  if (!path || e.target.tagName === 'INPUT') return;
  if (e.key === 'ArrowDown' && state.step < path.steps.length - 1) { state.step++; render(); }
  if (e.key === 'ArrowUp' && state.step > 0) { state.step--; render(); }
});
render();
`;

export function renderPathsPage(data: PathsData): string {
  return renderDiagramPage({
    title: 'Paths for testers',
    generatedBy: '`npm run test:paths`',
    style: `
ul.paths { list-style: none; padding: 0; margin: 0; max-height: 40vh; overflow: auto; }
ul.paths li { margin: 3px 0; }
ul.paths button { width: 100%; }
`,
    headerControls: `  <label><span id="machine-label">Machine</span> <select id="machine"></select></label>
  <label><span id="find-label">Path id</span> <input id="find" class="mono" size="16" placeholder="otp-1a2b3c4d"></label>
  <button type="button" id="language">עברית</button>
  <span class="muted" id="totals"></span>`,
    panel: `    <h2 id="paths-heading">Paths</h2>
    <ul class="paths" id="path-list"></ul>
    <div id="path-detail"></div>`,
    diagrams: data.map(({ machineId, title }) => ({ machineId, title: title.en })),
    dataId: 'paths-data',
    data,
    script: PAGE_SCRIPT,
  });
}
