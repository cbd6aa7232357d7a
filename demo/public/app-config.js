// Demo build: the API is answered in the browser (Mock Service Worker) on the page's own origin.
window.__APP_CONFIG__ = { apiBase: '', signSecret: 'demo-sign-secret' };
