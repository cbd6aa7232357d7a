import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSocketRef } from '../../../../machines/app/selectors.ts';
import { AppActor } from '../../../app/actor.ts';
import { AppCrudEnv } from '../../../crud/app-env.tsx';
import { CrudPage } from '../../../crud/CrudPage.tsx';
import type { CrudResource } from '../../../crud/types.ts';
import { TokenModal } from '../pipeline/TokenModal.tsx';
import { LivePresence, type PhoneEventsSource } from './LivePresence.tsx';
import { RotateButton } from './RotateButton.tsx';
import { phoneResource } from './resource.tsx';
import { issuedToken } from './tokens.ts';

/** The phone list: online badges that follow the socket, the agent token shown once (create, rotate). */
export function PhonesView({ socket }: { socket: PhoneEventsSource | undefined }) {
  const { t } = useTranslation('pipeline');
  const [token, setToken] = useState<string | null>(null);
  const resource = useMemo<CrudResource>(
    () => ({
      ...phoneResource(t),
      // The create answer carries the agent token, this once.
      onSaved: ({ mode, data }) => {
        const issued = mode === 'create' ? issuedToken(data) : undefined;
        if (issued) setToken(issued);
      },
      rowActions: (row, ctx) => <RotateButton row={row} ctx={ctx} onToken={setToken} />,
      toolbar: (ctx) => <LivePresence source={socket} onChange={ctx.reload} />,
    }),
    [t, socket],
  );
  return (
    <>
      <CrudPage resource={resource} />
      <TokenModal token={token} onClose={() => setToken(null)} />
    </>
  );
}

function PhonesWithSocket() {
  const root = AppActor.useActorRef();
  const socket = getSocketRef(root) as unknown as PhoneEventsSource | undefined;
  return <PhonesView socket={socket} />;
}

/** 手机 (menu component `xy/phones/index`). */
export default function PhonesRoute() {
  return (
    <AppCrudEnv>
      <PhonesWithSocket />
    </AppCrudEnv>
  );
}
