// `npm run bench:plan`: issue 33's planning figures of `npm run bench` on their own
// (bench/lib/plan-day.ts): drop_order_pair_agreement beside alphabetical order, plan_day_ms and
// learn_drop_order_ms, each with its target and an OVER line when it misses; then
// plan_day_server_ms, the same day planned through the real server (bench/lib/plan-day-server.ts),
// over a year of runs and (plan_day_server_5y_ms) over five.
import { measurePlanDay } from './lib/plan-day';
import { measurePlanDayAtServer } from './lib/plan-day-server';

for (const line of measurePlanDay().lines) console.log(line);
for (const line of (await measurePlanDayAtServer()).lines) console.log(line);
for (const line of (await measurePlanDayAtServer(5)).lines) console.log(line);
