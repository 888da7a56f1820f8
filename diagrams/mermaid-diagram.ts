import type { AnyStateMachine, AnyStateNode, TransitionDefinition } from 'xstate';
import { stateNodesOf } from './state-nodes';

/**
 * A Mermaid `stateDiagram-v2` drawn from the machine object itself, so the picture cannot drift from
 * the code: states and nesting from the state nodes, arrows from their transitions (events, delays,
 * actor results, eventless), guards in brackets. Delays are labelled with their duration.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  drawChildren(machine.root, machine, lines, '  ');
  return `${lines.join('\n')}\n`;
}

type AnyTransition = TransitionDefinition<never, never>;

function drawChildren(parent: AnyStateNode, machine: AnyStateMachine, lines: string[], indent: string): void {
  const children = Object.values(parent.states) as AnyStateNode[];
  if (parent.type === 'parallel') {
    children.forEach((region, index) => {
      if (index > 0) lines.push(`${indent}--`);
      drawState(region, machine, lines, indent);
    });
  } else {
    const initial = parent.initial?.target[0];
    if (initial) lines.push(`${indent}[*] --> ${nodeId(initial)}`);
    for (const child of children) drawState(child, machine, lines, indent);
  }
  for (const node of [machine.root, ...stateNodesOf(machine)]) {
    for (const { transition, target } of arrowsOf(node)) {
      if (scopeOf(node, target) !== parent) continue;
      lines.push(`${indent}${nodeId(node)} --> ${nodeId(target)}: ${labelOf(transition, node, machine)}`);
    }
  }
}

function drawState(node: AnyStateNode, machine: AnyStateMachine, lines: string[], indent: string): void {
  const id = nodeId(node);
  lines.push(`${indent}state "${node.key}" as ${id}`);
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
  if (Object.keys(node.states).length > 0) {
    lines.push(`${indent}state ${id} {`);
    drawChildren(node, machine, lines, `${indent}  `);
    lines.push(`${indent}}`);
  }
}

/** Every arrow leaving a state node: one per transition target; a targetless transition loops back. */
function arrowsOf(node: AnyStateNode): Array<{ transition: AnyTransition; target: AnyStateNode }> {
  const transitions = [...(node.transitions.values() as Iterable<AnyTransition[]>)].flat();
  return [...transitions, ...((node.always ?? []) as unknown as AnyTransition[])].flatMap((transition) => {
    const targets = (transition.target ?? []) as unknown as AnyStateNode[];
    return (targets.length > 0 ? targets : [node]).map((target) => ({ transition, target }));
  });
}

/**
 * The block an arrow is written in: the closest state containing both ends without being either.
 * Mermaid takes a state named inside a block to belong to that block, so an arrow from a child to its
 * own parent, written inside the parent, would make the parent its own child.
 */
function scopeOf(source: AnyStateNode, target: AnyStateNode): AnyStateNode | undefined {
  const ancestors = (node: AnyStateNode) => {
    const chain: AnyStateNode[] = [];
    for (let current = node.parent; current; current = current.parent) chain.push(current);
    return chain;
  };
  const targetAncestors = new Set(ancestors(target));
  const scope = ancestors(source).find(
    (node) => targetAncestors.has(node) && node !== source && node !== target,
  );
  // A parallel block holds only its regions between `--` dividers; an arrow written after the last
  // region breaks Mermaid ("No such shape: divider"), so such arrows go one block out.
  return scope?.type === 'parallel' ? (scope.parent ?? scope) : scope;
}

function labelOf(transition: AnyTransition, source: AnyStateNode, machine: AnyStateMachine): string {
  const guard = guardName(transition.guard);
  const event = eventLabel(transition.eventType, source, machine);
  return escapeLabel(guard ? `${event} [${guard}]` : event);
}

function eventLabel(eventType: string, source: AnyStateNode, machine: AnyStateMachine): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return `after ${delayLabel(eventType, source, machine)}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} failed`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/** The delay of an `after` transition, by name through the machine's delay implementations. */
function delayLabel(eventType: string, source: AnyStateNode, machine: AnyStateMachine): string {
  const entries = source.after as Array<{ eventType: string; delay: number | string }>;
  const delay = entries.find((candidate) => candidate.eventType === eventType)?.delay;
  const resolved = typeof delay === 'string' ? machine.implementations.delays[delay] : delay;
  if (typeof resolved === 'number') return formatDuration(resolved);
  return typeof delay === 'string' ? delay : 'a delay';
}

export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${milliseconds} ms`;
  if (milliseconds < 60_000) return `${milliseconds / 1000} s`;
  return `${milliseconds / 60_000} min`;
}

/** A guard's name; xstate's and/or/not combinators are spelled out with their operands. */
function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  if (typeof guard !== 'function') return 'guard';
  const operands = (guard as { guards?: unknown[] }).guards;
  if (Array.isArray(operands) && guard.name === 'and') return operands.map(guardName).join(' and ');
  if (Array.isArray(operands) && guard.name === 'or') return operands.map(guardName).join(' or ');
  if (Array.isArray(operands) && guard.name === 'not') return `not ${guardName(operands[0])}`;
  return guard.name || 'guard';
}

export function nodeId(node: AnyStateNode): string {
  return mermaidId(node.id);
}

/** A state node id (`otp.enteringCode.code`) as a Mermaid id, which allows letters, digits and underscores. */
export function mermaidId(stateNodeId: string): string {
  return stateNodeId.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Colons and semicolons end a Mermaid label; keep them out. */
function escapeLabel(label: string): string {
  return label.replace(/[:;]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Where a diagram marks the states a running actor is in (the dev machines page). */
export const ACTIVE_STATE_CLASS = 'activeState';

/**
 * The diagram with the given state nodes highlighted. Mermaid styles only simple states this way, so
 * a compound state shows as active through its highlighted children.
 */
export function highlightStates(diagram: string, stateNodeIds: readonly string[]): string {
  const ids = stateNodeIds.map(mermaidId);
  if (ids.length === 0) return diagram;
  return [
    diagram.trimEnd(),
    `  classDef ${ACTIVE_STATE_CLASS} fill:#fde68a,stroke:#b45309,stroke-width:3px,color:#111827`,
    `  class ${ids.join(',')} ${ACTIVE_STATE_CLASS}`,
    '',
  ].join('\n');
}

/** Options for `mermaid.initialize`, shared by the committed SVGs and the dev machines page. */
export const MERMAID_OPTIONS = {
  startOnLoad: false,
  theme: 'neutral',
  securityLevel: 'strict',
  fontFamily: 'DejaVu Sans, Arial, sans-serif',
  // Plain SVG text instead of HTML in foreignObject, so the SVG files render outside a browser too.
  htmlLabels: false,
} as const;
