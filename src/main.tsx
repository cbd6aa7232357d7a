// The entry. Signed out on /login, the reference server has drawn the sign-in form into the page already
// (src/ui/login/draw-sign-in.tsx): once that is painted the entry starts the console, whose own form takes
// that one's place with whatever was typed (src/ui/login/handover.ts). With the server's boot data but no
// form drawn, it draws the form in its first render from that data alone — React, i18next and the page's
// markup, before the router and the charts are even evaluated — and starts the console once that form is
// painted. Otherwise it starts the console at once. The console is its own chunk, which index.html
// prefetches, so its download overlaps this one's. The sign-in page is drawn without Mantine; Mantine and its
// styles load with the shell and the toasts.
import '@mantine/core/styles/baseline.css';

import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { SERVER_DRAWN } from './contract/sign-in.ts';
import { inlinedBoot } from './services/boot.ts';
import { getSessionCookies } from './services/cookies.ts';
import { currentLanguage, i18n } from './services/i18n/index.ts';
import { afterPaint } from './ui/app/after-paint.ts';
import { CrashScreen } from './ui/app/CrashScreen.tsx';
import { FirstPaintLogin } from './ui/login/FirstPaintLogin.tsx';

document.documentElement.lang = currentLanguage();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

const startConsole = (replacing: boolean) => {
  import('./ui/app/start-console.tsx')
    .then(({ startConsole }) => startConsole(root, container, replacing))
    .catch((error: unknown) =>
      root.render(
        <I18nextProvider i18n={i18n}>
          <CrashScreen error={error instanceof Error ? error : new Error(String(error))} />
        </I18nextProvider>,
      ),
    );
};

// Only the page the visitor asked for, signed out: a deep link goes through the route guard (to /login with
// it as `redirect`), a session is restored, and without inlined data (another backend) the page asks the API.
// The drawn form comes with its boot data, which the console reads when it takes over: not read here too.
const signInPage = location.pathname === '/login' && !getSessionCookies().getToken();
const drawn = signInPage && container.querySelector(`form[${SERVER_DRAWN.form}]`) !== null;
const boot = signInPage && !drawn ? inlinedBoot() : undefined;
if (drawn) afterPaint(() => startConsole(true));
else if (boot) {
  let started = false;
  const onPainted = () => {
    if (started) return;
    started = true;
    startConsole(true);
  };
  root.render(
    <I18nextProvider i18n={i18n}>
      <FirstPaintLogin boot={boot} onPainted={onPainted} />
    </I18nextProvider>,
  );
} else startConsole(false);
