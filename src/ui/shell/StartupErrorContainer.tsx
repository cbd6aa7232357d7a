import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsStarting, selectStartupError } from '../../machines/session/selectors.ts';
import { useSessionRef } from '../app/actor.ts';
import { reasonText } from '../app/reason.ts';
import { StartupError } from '../app/StartupError.tsx';

/**
 * The start-up error wired to the session, shown inside the layout: retry runs the sequence again, sign-out
 * asks first.
 */
export function StartupErrorContainer() {
  const session = useSessionRef();
  const { t } = useTranslation('shell');
  const failure = useSelector(session, selectStartupError);
  const retrying = useSelector(session, selectIsStarting);
  return (
    <StartupError
      inLayout
      step={failure?.step ?? null}
      message={reasonText(t, failure?.reason)}
      retrying={retrying}
      onRetry={() => session.send({ type: 'session.startupRetried' })}
      onSignOut={() => session.send({ type: 'session.logoutRequested' })}
    />
  );
}
