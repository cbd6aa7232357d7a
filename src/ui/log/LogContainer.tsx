import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectErrorCount, selectLogCount, selectLogEntries } from '../../machines/log/selectors.ts';
import { useLogRef } from '../app/actor.ts';
import { LogBadge } from './LogBadge.tsx';
import { LogDrawer } from './LogDrawer.tsx';

/** The header's log badge and its drawer, wired to the `log` chart. The drawer's open state is view state. */
export function LogContainer() {
  const log = useLogRef();
  const count = useSelector(log, (s) => (s ? selectLogCount(s) : 0));
  const errors = useSelector(log, (s) => (s ? selectErrorCount(s) : 0));
  const entries = useSelector(log, (s) => (s ? selectLogEntries(s) : EMPTY));
  const [opened, setOpened] = useState(false);
  if (!log) return null;
  return (
    <>
      <LogBadge count={count} errors={errors} onOpen={() => setOpened(true)} />
      <LogDrawer
        opened={opened}
        entries={entries}
        onClose={() => setOpened(false)}
        onClear={() => log.send({ type: 'log.cleared' })}
      />
    </>
  );
}

const EMPTY: never[] = [];
