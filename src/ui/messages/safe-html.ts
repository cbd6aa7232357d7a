/**
 * Stored message HTML (stock dvadmin's message centre keeps rich text: `<p>…</p>`) made safe to show inline
 * with DOMPurify and an allow-list: text formatting, lists, headings, quotes, code, tables, links
 * (http/https/mailto, opened in a new tab without opener) and images (http/https or data:image). Scripts,
 * styles, frames, forms and media go with their content; unknown elements are unwrapped (their text kept);
 * every attribute not listed is removed (event handlers, style, class, id…).
 */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'small'],
  ...['mark', 'span', 'div', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5'],
  ...['h6', 'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'],
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'start'];
const SAFE_URL = /^(?:https?:|mailto:|data:image\/(?:png|jpe?g|gif|webp);)/i;

/** One DOMPurify for the page, made on first use (importing this module needs no DOM). */
let purifier: ReturnType<typeof DOMPurify> | undefined;
function purify() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // data: only for images, mailto: only for links
    if (node.hasAttribute('src') && !/^(?:https?:|data:image\/)/i.test(node.getAttribute('src') ?? ''))
      node.removeAttribute('src');
    if (node.hasAttribute('href') && !/^(?:https?:|mailto:)/i.test(node.getAttribute('href') ?? ''))
      node.removeAttribute('href');
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return purifier;
}

/** The allow-listed HTML of `html` (a string safe for `innerHTML`); plain text comes back escaped. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return purify().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    KEEP_CONTENT: true,
  });
}

/** Whether a stored text is HTML (then shown rendered) rather than plain text (shown as typed). */
export const looksLikeHtml = (text: string): boolean => /<\/?[a-z][^>]*>/i.test(text);
