// Per-user rate limit for list and search requests (issue 12, item 8): on PGlite every query shares one
// connection, so one client looping an expensive search would slow everyone else. A token bucket per user
// id — generous for people (a burst of LIST_RATE_BURST, default 30, refilled at LIST_RATE_PER_SECOND,
// default 10) — answers a 4000 envelope with the wait when it is empty. A list or search request is an
// authenticated API GET carrying `search`, `page` or `limit`. In-process state: each server process keeps
// its own buckets (several processes multiply the allowance, which stays bounded).
import type { FastifyRequest } from 'fastify';
import { refuse } from './envelope.ts';

export type BucketLimits = { burst: number; perSecond: number };
type Bucket = { tokens: number; at: number };

const MAX_BUCKETS = 100_000;

export class TokenBuckets {
  private readonly buckets = new Map<number, Bucket>();
  constructor(
    private readonly limits: BucketLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes a token for `key`; returns 0 when allowed, else the seconds until one is available. */
  take(key: number): number {
    const { burst, perSecond } = this.limits;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    if (this.buckets.size >= MAX_BUCKETS && !this.buckets.has(key)) this.buckets.clear();
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return perSecond > 0 ? Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond)) : 60;
  }
}

const LIST_PARAMS = ['search', 'page', 'limit'];

export function isListRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || !request.routeOptions.config?.api) return false;
  const query = request.query as Record<string, unknown> | undefined;
  return !!query && LIST_PARAMS.some((p) => query[p] !== undefined);
}

/** A preHandler (after authentication): refuses a user's list or search request when their bucket is empty. */
export function createListRateHook(limits: BucketLimits, now?: () => number) {
  const buckets = new TokenBuckets(limits, now);
  return async function limitLists(request: FastifyRequest): Promise<void> {
    const user = request.user;
    if (!user || limits.burst <= 0 || !isListRequest(request)) return;
    const wait = buckets.take(user.id);
    if (wait > 0) throw refuse('list.rateLimited', { seconds: wait });
  };
}
