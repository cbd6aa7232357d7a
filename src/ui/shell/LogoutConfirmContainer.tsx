import { useSelector } from '@xstate/react';
import { selectIsConfirmingLogout, selectIsSigningOut } from '../../machines/session/selectors.ts';
import { useSessionRef } from '../app/actor.ts';
import { LogoutConfirm } from './LogoutConfirm.tsx';

/** The logout confirm, open while the session chart waits for the answer and until the page reloads. */
export function LogoutConfirmContainer() {
  const session = useSessionRef();
  const confirming = useSelector(session, selectIsConfirmingLogout);
  const signingOut = useSelector(session, selectIsSigningOut);
  return (
    <LogoutConfirm
      opened={confirming || signingOut}
      busy={signingOut}
      onConfirm={() => session.send({ type: 'session.logoutConfirmed' })}
      onCancel={() => session.send({ type: 'session.logoutCancelled' })}
    />
  );
}
