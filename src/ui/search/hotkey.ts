import { useEffect, useRef } from 'react';

/** The key that opens the search panel (seed §9: hotkeys s and esc). */
export const SEARCH_HOTKEY = 's';

/** Focus is somewhere the user types: an input, a textarea, a select or editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  if (element.closest('input, textarea, select')) return true;
  const editable = element.closest('[contenteditable]');
  return !!editable && editable.getAttribute('contenteditable') !== 'false';
}

type KeyLike = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'defaultPrevented' | 'isComposing' | 'repeat'
>;

/** Focus is inside an open dialog (the theme dialog, the logout confirm): the hotkey leaves it alone. */
function isInDialog(target: EventTarget | null): boolean {
  return (
    !!target &&
    typeof (target as Element).closest === 'function' &&
    !!(target as Element).closest('[role="dialog"]')
  );
}

/** A bare `s` (no modifier, no IME composition, not auto-repeated) outside any text field and dialog. */
export function isSearchHotkey(event: KeyLike): boolean {
  if (event.defaultPrevented || event.isComposing || event.repeat) return false;
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.key !== SEARCH_HOTKEY) return false;
  return !isTypingTarget(event.target) && !isInDialog(event.target);
}

/** Calls `onOpen` on the search hotkey anywhere in the document; the `s` is not typed anywhere. */
export function useSearchHotkey(onOpen: () => void, enabled = true): void {
  const latest = useRef(onOpen);
  latest.current = onOpen;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchHotkey(event)) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
