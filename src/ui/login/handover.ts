/**
 * The sign-in form's handover from the page's first paint to the console. The reference server draws the
 * form into /login's HTML (src/ui/login/draw-sign-in.tsx); without that, the entry (src/main.tsx) draws it
 * from the page's boot data before the router and the charts exist. The console's own form replaces it a
 * moment later (src/ui/app/start-console.tsx). What the visitor did meanwhile moves across: the typed values,
 * the focused field with its selection, and a submit or a captcha refresh asked for before anything could act
 * on it — on the entry's form through the intents below, on the server's as the attributes its inline
 * guard put on it (server/http/sign-in-guard.ts).
 */
import { SERVER_DRAWN } from '../../contract/sign-in.ts';

export type Handover = {
  values: Record<string, string>;
  focus?: { name: string; start: number | null; end: number | null };
  submit: boolean;
  refreshCaptcha: boolean;
};

const intents = { submit: false, refreshCaptcha: false };
let pending: Handover | undefined;

/** The first-paint form was submitted: the console's form submits once it takes over. */
export function submitAfterHandover(): void {
  intents.submit = true;
}

/** The first-paint form's captcha was clicked: the console's form asks a new one once it takes over. */
export function refreshCaptchaAfterHandover(): void {
  intents.refreshCaptcha = true;
}

/** Reads the first-paint form in `container`, right before the console's form replaces it. */
export function captureHandover(container: ParentNode): void {
  const form = container.querySelector('form');
  if (!form) return;
  const values: Record<string, string> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name]'))
    values[input.name] = input.value;
  const active = document.activeElement;
  const focus =
    active instanceof HTMLInputElement && active.name && form.contains(active)
      ? { name: active.name, start: active.selectionStart, end: active.selectionEnd }
      : undefined;
  pending = {
    values,
    ...(focus ? { focus } : {}),
    submit: intents.submit || form.hasAttribute(SERVER_DRAWN.submit),
    refreshCaptcha: intents.refreshCaptcha || form.hasAttribute(SERVER_DRAWN.captcha),
  };
  intents.submit = false;
  intents.refreshCaptcha = false;
}

/** The captured handover, once: the console's first sign-in form takes it. */
export function takeHandover(): Handover | undefined {
  const handover = pending;
  pending = undefined;
  return handover;
}

/**
 * Puts a handover into a freshly mounted form: its values (where the field is still empty), the focus and
 * the selection; then a captcha refresh and a submit when they were asked for.
 */
export function applyHandover(
  form: HTMLFormElement,
  handover: Handover,
  actions: { refreshCaptcha: () => void },
): void {
  const field = (name: string) => {
    const element = form.elements.namedItem(name);
    return element instanceof HTMLInputElement ? element : null;
  };
  for (const [name, value] of Object.entries(handover.values)) {
    const input = field(name);
    if (input && !input.value && value) input.value = value;
  }
  const focused = handover.focus ? field(handover.focus.name) : null;
  if (focused && handover.focus) {
    focused.focus();
    if (handover.focus.start !== null && handover.focus.end !== null)
      focused.setSelectionRange(handover.focus.start, handover.focus.end);
  }
  if (handover.refreshCaptcha) actions.refreshCaptcha();
  else if (handover.submit) form.requestSubmit();
}
