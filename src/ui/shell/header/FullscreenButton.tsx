import { Icon } from '../../icons/Icon.tsx';
import { Svg } from '../../icons/Svg.tsx';
import { useHeaderTranslation } from './i18n.ts';
import { ToolButton } from './ToolButton.tsx';

const EXPAND = ['M4 9V4h5', 'M20 9V4h-5', 'M4 15v5h5', 'M20 15v5h-5'];
const COMPRESS = ['M9 4v5H4', 'M15 4v5h5', 'M9 20v-5H4', 'M15 20v-5h5'];

export type FullscreenButtonProps = {
  active: boolean;
  busy?: boolean;
  disabled?: boolean;
  onToggle: () => void;
};

/** Header tool: 全屏 / 退出全屏, as the fullscreen chart says. */
export function FullscreenButton({ active, busy, disabled, onToggle }: FullscreenButtonProps) {
  const { t } = useHeaderTranslation();
  const label = active ? t('fullscreen.exit') : t('fullscreen.enter');
  return (
    <ToolButton
      label={label}
      onClick={onToggle}
      disabled={disabled}
      data-busy={busy || undefined}
      aria-pressed={active}
      testId="header-fullscreen"
    >
      {disabled ? <Icon name="dot" size={19} /> : <Svg paths={active ? COMPRESS : EXPAND} size={19} />}
    </ToolButton>
  );
}
