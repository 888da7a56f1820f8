import { createHash } from 'node:crypto';
import type { SignatureDrawingError } from '@domain/signature-drawing';
import { html, type SafeHtml, trusted } from '../sharing/html';
import type { ClientPageCopy } from './client-page.copy';

/**
 * The optional signature pad's only script (issue 23): pointer events draw on the canvas (finger,
 * pen or mouse), "clear" wipes it, and on submit the drawing goes into the hidden field as a PNG
 * data URL ('' when nothing was drawn); a drawing the server sent back (another field was wrong) is
 * painted again. The pad starts hidden and this script shows it, so without
 * script the page signs with the typed name and the consent, as before.
 */
const SIGNATURE_PAD_SCRIPT = `(()=>{const $=i=>document.getElementById(i),c=$('pad'),x=c.getContext('2d');let d=0,on=0;$('pad-box').hidden=false;x.lineWidth=4;x.lineCap=x.lineJoin='round';x.strokeStyle='#1a1b1e';if($('drawing').value){const i=new Image();i.onload=()=>{x.drawImage(i,0,0);d=1};i.src=$('drawing').value}const p=e=>{const r=c.getBoundingClientRect();return[(e.clientX-r.left)*c.width/r.width,(e.clientY-r.top)*c.height/r.height]};c.onpointerdown=e=>{on=d=1;c.setPointerCapture(e.pointerId);x.beginPath();x.moveTo(...p(e))};c.onpointermove=e=>{if(on){x.lineTo(...p(e));x.stroke()}};c.onpointerup=c.onpointercancel=()=>{on=0};$('pad-clear').onclick=()=>{x.clearRect(0,0,c.width,c.height);d=0};c.closest('form').addEventListener('submit',()=>{$('drawing').value=d?c.toDataURL('image/png'):''})})()`;

/** The CSP source that lets exactly this script run, and nothing else inline. */
export const SIGNATURE_PAD_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(SIGNATURE_PAD_SCRIPT, 'utf8').digest('base64')}'`;

/** The page's CSP with the pad's script allowed by its hash; every other directive unchanged. */
export function withSignaturePadScript(csp: string): string {
  return csp
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      return trimmed.startsWith('script-src ') ? `${trimmed} ${SIGNATURE_PAD_SCRIPT_SOURCE}` : trimmed;
    })
    .join('; ');
}

export const SIGNATURE_PAD_CSS = `
.pad{border:0;padding:0;margin:1rem 0}
.pad legend{font-weight:600;padding:0;margin-block-end:.25rem}
.pad canvas{display:block;width:100%;max-width:600px;aspect-ratio:3/1;border:1px solid #adb5bd;border-radius:8px;background:#fff;touch-action:none}
.pad .muted{margin:.25rem 0 .5rem}
`;

/** The pad inside the signing form, hidden until the script runs; its error, when refused, beside it. */
export function renderSignaturePad(
  copy: ClientPageCopy,
  error: SignatureDrawingError | undefined,
  /** A drawing the server accepted while another field was wrong: the script paints it back. */
  kept = '',
): SafeHtml {
  const message = error && copy[`error_drawing_${error}`];
  return html`<fieldset class="pad" id="pad-box" hidden><legend>${copy.drawingLegend}</legend>
<p class="muted" id="pad-note">${copy.drawingNote}</p>
<canvas id="pad" width="600" height="200" role="img" aria-label="${copy.drawingPadLabel}" aria-describedby="pad-note"></canvas>
<input type="hidden" name="drawing" id="drawing" value="${error ? '' : kept}">
<button type="button" class="secondary" id="pad-clear">${copy.drawingClear}</button>
</fieldset>${message && html`<p class="error" id="drawing-error" role="alert">${message}</p>`}
<script>${trusted(SIGNATURE_PAD_SCRIPT)}</script>`;
}
