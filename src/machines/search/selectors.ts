/** What the header's spotlight reads of the search chart. */
export const selectIsSearchOpen = (s: { matches: (v: 'open') => boolean }) => s.matches('open');
export const selectSearchQuery = (s: { context: { query: string } }) => s.context.query;
