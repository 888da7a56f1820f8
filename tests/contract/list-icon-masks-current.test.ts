import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateListIcons, iconCell, LIST_ICONS_FILE } from '../../scripts/gen/list-icon-masks.generator';

// On failure: run `npm run gen` and commit the result (a hand edit of the masks is undone).
describe('the list’s icon masks', () => {
  it('are what the generator writes today from the installed Tabler icons', () => {
    expect(readFileSync(LIST_ICONS_FILE, 'utf8')).toBe(generateListIcons());
  });

  it('draw Tabler’s own strokes at the width the list asks for', () => {
    const cell = iconCell('trash', 1.6, 144);
    expect(cell).toMatch(/^<svg x="144" width="24" height="24" viewBox="0 0 24 24" /);
    expect(cell).toContain('stroke-width="1.6"');
    expect(cell).not.toContain('stroke-width="2"');
    expect(cell).toContain('<path d="M4 7l16 0" />');
  });
});
