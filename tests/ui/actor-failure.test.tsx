// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup } from 'xstate';
import { useThrowOnActorFailure } from '../../src/ui/app/actor-failure.ts';
import { ErrorBoundary } from '../../src/ui/app/ErrorBoundary.tsx';

afterEach(cleanup);

/** A parent whose invoked child throws on `child.fail`, with no `onError`: the failure climbs to the parent. */
const parent = setup({
  actors: {
    child: fromCallback(({ receive }) => {
      receive(() => {
        throw new Error('child effect threw');
      });
    }),
  },
}).createMachine({ invoke: { id: 'child', src: 'child' } });

function Probe({ actor }: { actor: ReturnType<typeof createActor> }) {
  useThrowOnActorFailure(actor);
  return <p>alive</p>;
}

describe('a failed chart is shown, not hidden behind a console that looks alive', () => {
  it('an unhandled failure of a child chart reaches the error boundary with its message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = createActor(parent);
    actor.subscribe({ error: () => {} });
    actor.start();
    render(
      <ErrorBoundary fallback={(error) => <p role="alert">{error.message}</p>}>
        <Probe actor={actor} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('alive')).toBeTruthy();
    act(() => actor.getSnapshot().children.child?.send({ type: 'any' }));
    expect(actor.getSnapshot().status).toBe('error');
    expect(screen.getByRole('alert').textContent).toBe('child effect threw');
  });

  it('a running chart renders its view', () => {
    const actor = createActor(parent).start();
    render(
      <ErrorBoundary fallback={() => <p role="alert">crashed</p>}>
        <Probe actor={actor} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('alive')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
