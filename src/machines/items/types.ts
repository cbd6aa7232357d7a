/** A row of the live list: a socket item or a list row (both an id and their fields). */
export type LiveRow = { id: number | string; [field: string]: unknown };

export type LiveContext = {
  /**
   * Items that arrived while following, newest first (at most `MAX_ARRIVED`): those not on the loaded page
   * are shown above it, those on it replace their row in place. Forgotten when the query changes, and one
   * by one when a loaded page holds them.
   */
  arrived: LiveRow[];
  /** New items that arrived while paused, newest first (at most `MAX_PENDING`): the pill's "N new". */
  pending: LiveRow[];
  /** Ids (`String(id)`) of the rows of the list's loaded page. */
  pageIds: string[];
  /** The operator sees the top of the table. */
  atTop: boolean;
  /** The list has a search or a filter. */
  filtered: boolean;
  /** The list shows its first page. */
  firstPage: boolean;
  /** The page size: the visible page is capped at it. */
  limit: number;
};

export type LiveEvent =
  /** `socket.items` of the socket chart: items stored or updated, oldest first as the server sent them. */
  | { type: 'live.itemsArrived'; items: LiveRow[] }
  /** The socket chart is connected (also sent at start when it already is). */
  | { type: 'live.connected' }
  /** The socket chart is not connected (disconnected, connecting again, failing, or absent). */
  | { type: 'live.disconnected' }
  /** The list chart's query changed (the page, the filters, the page size, the ordering). */
  | { type: 'live.queryChanged'; filtered: boolean; firstPage: boolean; limit: number }
  /** The list chart loaded a page: its row ids. */
  | { type: 'live.pageLoaded'; ids: string[] }
  /** The operator scrolled: is the top of the table in view. */
  | { type: 'live.scrolled'; atTop: boolean }
  /** The operator clicked the "N new" pill. */
  | { type: 'live.showNew' };
