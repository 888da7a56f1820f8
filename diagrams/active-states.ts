import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';

/**
 * The ids of the state nodes a state value is in, outermost first: `{ enteringCode: { code: 'editing' } }`
 * of the otp machine gives `otp.enteringCode`, `otp.enteringCode.code`, `otp.enteringCode.code.editing`.
 */
export function activeStateNodeIds(machine: AnyStateMachine, value: StateValue): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateNode, stateValue: StateValue) => {
    const entries =
      typeof stateValue === 'string' ? [[stateValue, null] as const] : Object.entries(stateValue);
    for (const [key, childValue] of entries) {
      const child = node.states[key];
      if (!child) continue;
      ids.push(child.id);
      if (childValue) visit(child, childValue);
    }
  };
  visit(machine.root, value);
  return ids;
}

/** The innermost of those: the simple states, which is what a diagram can highlight. */
export function activeLeafStateNodeIds(machine: AnyStateMachine, value: StateValue): string[] {
  const ids = activeStateNodeIds(machine, value);
  return ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`)));
}
