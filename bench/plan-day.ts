// `npm run bench:plan`: issue 33's planning figures of `npm run bench` on their own
// (bench/lib/plan-day.ts): drop_order_pair_agreement beside alphabetical order, plan_day_ms and
// learn_drop_order_ms, each with its target and an OVER line when it misses.
import { measurePlanDay } from './lib/plan-day';

for (const line of measurePlanDay().lines) console.log(line);
