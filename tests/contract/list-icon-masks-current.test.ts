import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateListIcons, iconMask, LIST_ICONS_FILE } from '../../scripts/gen/list-icon-masks.generator';

// On failure: run `npm run gen` and commit the result (a hand edit of the masks is undone).
describe('the list’s icon masks', () => {
  it('are what the generator writes today from the installed Tabler icons', () => {
    expect(readFileSync(LIST_ICONS_FILE, 'utf8')).toBe(generateListIcons());
  });

  it('draw Tabler’s own strokes at the width the list asks for', () => {
    const mask = iconMask('trash', 1.6);
    expect(mask).toMatch(/^url\('data:image\/svg\+xml,<svg /);
    expect(mask).toContain('stroke-width="1.6"');
    expect(mask).not.toContain('stroke-width="2"');
    expect(mask).toContain('<path d="M4 7l16 0" />');
  });
});
