import { Icon } from '../../icons/Icon.tsx';
import { useHeaderTranslation } from './i18n.ts';
import { ToolButton } from './ToolButton.tsx';

/** Header tool: opens the search panel (also the `s` hotkey). */
export function SearchButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useHeaderTranslation();
  return (
    <ToolButton label={t('search.tooltip')} onClick={onOpen} testId="header-search">
      <Icon name="search" size={19} />
    </ToolButton>
  );
}
