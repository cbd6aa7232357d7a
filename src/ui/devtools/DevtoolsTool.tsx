/**
 * The header's "state panel" tool (lazy chunk): a button and the drawer with the live state panel, reading
 * the page's inspection store (src/services/inspection-store.ts).
 */
import { Drawer } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { devtoolsStore, type InspectionStore } from '../../services/inspection-store.ts';
import { Svg } from '../icons/Svg.tsx';
import { ToolButton } from '../shell/header/ToolButton.tsx';
import { StatePanel } from './StatePanel.tsx';

const PULSE = ['M3 12h4l3-8 4 16 3-8h4'];

export default function DevtoolsTool({ store = devtoolsStore() }: { store?: InspectionStore | undefined }) {
  const { t } = useTranslation('devtools');
  const [opened, setOpened] = useState(false);
  if (!store) return null;
  return (
    <>
      <ToolButton label={t('tool_label')} onClick={() => setOpened(true)} testId="header-devtools">
        <Svg paths={PULSE} size={19} />
      </ToolButton>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="xl"
        title={t('title')}
        data-testid="devtools-drawer"
      >
        {opened ? <StatePanel store={store} /> : null}
      </Drawer>
    </>
  );
}
