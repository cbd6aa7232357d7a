// What the pipeline's modules share in one server process: the compiled rules, phone presence and the clock.
import type { Clock } from '../../lib/clock.ts';
import type { Presence } from './presence.ts';
import type { Rules } from './rules.ts';

export type PipelineRuntime = { rules: Rules; presence: Presence; clock: Clock };
