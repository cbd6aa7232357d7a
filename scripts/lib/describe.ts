/** Readable names for the action and guard references XState keeps in a built machine. */

type Tagged = { type?: unknown } & Record<string, unknown>;

/** An XState built-in action (assign, raise, emit, sendTo…), as opposed to a named effect placeholder. */
export const isBuiltIn = (value: unknown): value is Tagged & { type: string } =>
  typeof value === 'function' &&
  typeof (value as unknown as Tagged).type === 'string' &&
  ((value as unknown as Tagged).type as string).startsWith('xstate.');

/** Actions XState adds itself to schedule and cancel `after` timers. */
export function isDelayPlumbing(action: unknown): boolean {
  if (!isBuiltIn(action)) return false;
  const id =
    action.type === 'xstate.raise' ? action.id : action.type === 'xstate.cancel' ? action.sendId : null;
  return typeof id === 'string' && id.startsWith('xstate.after.');
}

const eventName = (event: unknown) =>
  event && typeof event === 'object' && typeof (event as Tagged).type === 'string'
    ? ((event as Tagged).type as string)
    : '…';

/** A readable name for an action reference: named actions by name, built-ins by what they do. */
export function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (isBuiltIn(action)) {
    const kind = action.type.slice('xstate.'.length);
    switch (action.type) {
      case 'xstate.raise':
      case 'xstate.emit':
        return `${kind}(${eventName(action.event)})`;
      case 'xstate.sendTo':
        return `sendTo(${typeof action.to === 'string' ? action.to : '…'}, ${eventName(action.event)})`;
      case 'xstate.spawnChild':
        return `spawnChild(${typeof action.src === 'string' ? action.src : '…'})`;
      case 'xstate.cancel':
        return `cancel(${typeof action.sendId === 'string' ? action.sendId : '…'})`;
      default:
        return kind;
    }
  }
  if (action && typeof action === 'object' && typeof (action as Tagged).type === 'string') {
    return (action as Tagged).type as string;
  }
  return 'inline';
}

/** A readable guard: named guards by name, `and(…)`, `or(…)`, `not(…)`, `stateIn(…)`, else `inline`. */
export function describeGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && typeof (guard as Tagged).type === 'string') {
    return (guard as Tagged).type as string;
  }
  if (typeof guard === 'function') {
    const inner = (guard as unknown as { guards?: unknown[] }).guards;
    const name = guard.name;
    if (Array.isArray(inner) && (name === 'and' || name === 'or' || name === 'not')) {
      return `${name}(${inner.map(describeGuard).join(', ')})`;
    }
    if (name === 'stateIn') {
      const value = (guard as unknown as { stateValue?: unknown }).stateValue;
      return `stateIn(${typeof value === 'string' ? value : JSON.stringify(value)})`;
    }
  }
  return 'inline';
}

/** Every named guard a guard expression refers to (through `and`/`or`/`not`). */
export function guardNames(guard: unknown): string[] {
  if (typeof guard === 'string') return [guard];
  if (guard && typeof guard === 'object' && typeof (guard as Tagged).type === 'string') {
    return [(guard as Tagged).type as string];
  }
  const inner = typeof guard === 'function' ? (guard as unknown as { guards?: unknown[] }).guards : undefined;
  return Array.isArray(inner) ? inner.flatMap(guardNames) : [];
}

export function actionNames(action: unknown): string[] {
  if (typeof action === 'string') return [action];
  if (
    !isBuiltIn(action) &&
    action &&
    typeof action === 'object' &&
    typeof (action as Tagged).type === 'string'
  ) {
    return [(action as Tagged).type as string];
  }
  return [];
}
