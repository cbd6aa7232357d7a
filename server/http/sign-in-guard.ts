// The sign-in form the server draws into /login (server/web.ts) is on screen before the console's scripts
// have arrived. This script, inline in the page's <head> and so running before the form exists, holds a
// submit of that form (and a click on its captcha) as an attribute the console's form reads when it takes
// over (src/ui/login/handover.ts); other forms are left alone. The page's Content-Security-Policy allows this
// one inline script by its hash (security-headers.ts) and no other.
import { createHash } from 'node:crypto';
import { SERVER_DRAWN } from '../../src/contract/sign-in.ts';

export const SIGN_IN_GUARD = `(function(){var d=document,F=${JSON.stringify(SERVER_DRAWN)};
d.addEventListener('submit',function(e){var f=e.target;if(f instanceof HTMLFormElement&&f.hasAttribute(F.form)){e.preventDefault();f.setAttribute(F.submit,'')}},true);
d.addEventListener('click',function(e){var t=e.target instanceof Element?e.target.closest('['+F.form+'] [data-captcha-key]'):null;if(t)t.closest('form').setAttribute(F.captcha,'')},true);})();`;

/** The CSP source that allows exactly the guard. */
export const SIGN_IN_GUARD_SOURCE = `'sha256-${createHash('sha256').update(SIGN_IN_GUARD).digest('base64')}'`;
