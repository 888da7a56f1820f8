import type { AnyStateMachine, AnyStateNode, TransitionDefinition } from 'xstate';

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
  for (const child of children) drawTransitions(child, machine, lines, indent);
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

function drawTransitions(
  node: AnyStateNode,
  machine: AnyStateMachine,
  lines: string[],
  indent: string,
): void {
  const transitions = [...(node.transitions.values() as Iterable<AnyTransition[]>)].flat();
  for (const transition of [...transitions, ...((node.always ?? []) as AnyTransition[])]) {
    const targets = (transition.target ?? []) as unknown as AnyStateNode[];
    const label = labelOf(transition, node, machine);
    // A targetless transition (an action or a context update) is drawn as a loop on its own state.
    for (const target of targets.length > 0 ? targets : [node]) {
      lines.push(`${indent}${nodeId(node)} --> ${nodeId(target)}: ${label}`);
    }
  }
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

/** Every state node below the root, depth first. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

/** Mermaid ids allow letters, digits and underscores only. */
export function nodeId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Colons and semicolons end a Mermaid label; keep them out. */
function escapeLabel(label: string): string {
  return label.replace(/[:;]/g, ' ').replace(/\s+/g, ' ').trim();
}
