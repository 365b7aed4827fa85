// Journal event lines (docs/EVENTS.md) for POST /events, for what the REST routes do not take:
// a body-weight goal, a set in the day's implicit workout. The client-made id makes a resend a
// duplicate the server skips (docs/SYNC.md).
import { uuid } from "./queue.js";

/** `{events: [line]}` of one event of `type` with `fields`, made now. */
export function eventBatch(type, fields) {
  const now = new Date().toISOString();
  const line = { seq: 0, id: uuid().replace(/-/g, ""), type, v: 1, at: now, tz: -new Date().getTimezoneOffset(), recorded: now, actor: "user", ...fields };
  return { events: [JSON.stringify(line)] };
}

/** A decimal string of kilograms (up to 4 places), as the journal keeps weights. */
export const decimal = (kg) => String(Math.round(kg * 10000) / 10000);
