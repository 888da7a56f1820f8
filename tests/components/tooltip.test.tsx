import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installTooltips, type TooltipView, tooltip } from '@/components/tooltip/tooltip';

/** The controller with a view that records what it was asked to show. */
function setUp() {
  const shown: (string | null)[] = [];
  const view: TooltipView = {
    show: (target) => shown.push(target.getAttribute('data-tooltip')),
    hide: () => shown.push(null),
    dispose: () => shown.push('disposed'),
  };
  let loads = 0;
  const uninstall = installTooltips(document, async () => {
    loads += 1;
    return view;
  });
  return { shown, uninstall, loads: () => loads };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function pointer(type: string, target: Element, pointerType = 'mouse', relatedTarget: Element | null = null) {
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType, relatedTarget }));
}

describe('tooltip attributes', () => {
  it('carry the label and its side, and nothing when there is no label', () => {
    expect(tooltip('Delete')).toEqual({ 'data-tooltip': 'Delete', 'data-tooltip-side': 'top' });
    expect(tooltip('Properties', 'end')).toEqual({
      'data-tooltip': 'Properties',
      'data-tooltip-side': 'end',
    });
    expect(tooltip(false)).toEqual({});
    expect(tooltip('')).toEqual({});
  });
});

describe('installTooltips', () => {
  let cleanup: () => void = () => {};
  beforeEach(() => {
    document.body.innerHTML = `
      <button id="delete" data-tooltip="Delete"><svg id="icon"></svg></button>
      <button id="edit" data-tooltip="Edit"></button>
      <p id="plain">text</p>`;
  });
  afterEach(() => cleanup());

  const byId = (id: string) => document.getElementById(id) as HTMLElement;

  it('shows the label of the element under the mouse, also from a child, and hides it when the mouse moves off', async () => {
    const { shown, uninstall, loads } = setUp();
    cleanup = uninstall;
    expect(loads()).toBe(0);

    pointer('pointerover', byId('icon'));
    await settle();
    expect(shown).toEqual(['Delete']);
    expect(loads()).toBe(1);

    pointer('pointerover', byId('edit'));
    await settle();
    pointer('pointerover', byId('plain'));
    await settle();
    expect(shown).toEqual(['Delete', 'Edit', null]);
    expect(loads()).toBe(1);
  });

  it('shows nothing for a finger, which has no hover', async () => {
    const { shown, uninstall, loads } = setUp();
    cleanup = uninstall;
    pointer('pointerover', byId('delete'), 'touch');
    await settle();
    expect(shown).toEqual([]);
    expect(loads()).toBe(0);
  });

  it('hides on Escape and on a press, until the pointer reaches another element', async () => {
    const { shown, uninstall } = setUp();
    cleanup = uninstall;
    pointer('pointerover', byId('delete'));
    await settle();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    pointer('pointerover', byId('icon'));
    await settle();
    expect(shown).toEqual(['Delete', null]);

    pointer('pointerover', byId('edit'));
    await settle();
    pointer('pointerdown', byId('edit'));
    await settle();
    expect(shown).toEqual(['Delete', null, 'Edit', null]);
  });

  it('hides when the mouse leaves the window', async () => {
    const { shown, uninstall } = setUp();
    cleanup = uninstall;
    pointer('pointerover', byId('delete'));
    pointer('pointerout', byId('delete'), 'mouse', null);
    await settle();
    expect(shown.at(-1)).toBe(null);
  });

  it('stops listening once uninstalled', async () => {
    const { shown, uninstall } = setUp();
    pointer('pointerover', byId('delete'));
    await settle();
    uninstall();
    await settle();
    pointer('pointerover', byId('edit'));
    await settle();
    expect(shown).toEqual(['Delete', 'disposed']);
  });
});
