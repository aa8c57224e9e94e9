// iCalendar through node-ical, recurring events expanded over a bounded horizon (research wave2.md §4.5).
import ical, { type VEvent } from 'node-ical';
import { DAY_MS } from '../../../platform/time';
import type { FeedEntry, ParsedFeed } from './entries';
import { htmlToText, webUrl } from './text';

/** How far ahead occurrences are stored: members plan a few months out. */
export const EVENT_HORIZON_DAYS = 90;
/** A feed with FREQ=MINUTELY must not fill the store: at most this many occurrences per event. */
const MAX_OCCURRENCES_PER_EVENT = 60;
/** Sub-daily rules are expanded over two days only. */
const SUB_DAILY_HORIZON_DAYS = 2;

type ParamValue = string | { val?: string } | undefined;

function textValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'val' in value)
    return String((value as { val?: string }).val ?? '');
  return '';
}

function categoriesOf(event: VEvent): string[] {
  const raw = (event as { categories?: ParamValue | ParamValue[] }).categories;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list
    .flatMap((one) => textValue(one).split(','))
    .map((one) => one.trim())
    .filter(Boolean);
}

function isSubDaily(event: VEvent): boolean {
  return /FREQ=(SECONDLY|MINUTELY|HOURLY)/i.test(String(event.rrule?.toString() ?? ''));
}

/** Occurrences of the calendar's events that end after `now` and start within the horizon. */
export function parseEventFeed(text: string, now: Date): ParsedFeed {
  if (!/BEGIN:VCALENDAR/i.test(text.slice(0, 2_000))) throw new Error('Not an iCalendar file');
  const calendar = ical.sync.parseICS(text);
  const entries: FeedEntry[] = [];
  let title = '';
  for (const component of Object.values(calendar)) {
    if (!component) continue;
    if (component.type === 'VCALENDAR') {
      title = textValue((component as { 'WR-CALNAME'?: string })['WR-CALNAME']);
      continue;
    }
    if (component.type !== 'VEVENT') continue;
    const event = component as VEvent;
    if (event.status === 'CANCELLED' || !event.start) continue;
    const horizonDays = isSubDaily(event) ? SUB_DAILY_HORIZON_DAYS : EVENT_HORIZON_DAYS;
    const occurrences = ical
      .expandRecurringEvent(event, {
        from: now,
        to: new Date(now.getTime() + horizonDays * DAY_MS),
        expandOngoing: true,
      })
      .slice(0, MAX_OCCURRENCES_PER_EVENT);
    for (const occurrence of occurrences) {
      const summary = htmlToText(textValue(occurrence.summary) || textValue(event.summary));
      if (!summary) continue;
      entries.push({
        title: summary,
        url: webUrl(textValue(event.url)),
        body: htmlToText(textValue(event.description)),
        categories: categoriesOf(event),
        location: htmlToText(textValue(event.location)),
        startsAt: occurrence.start,
        endsAt: occurrence.end ?? null,
        isAllDay: occurrence.isFullDay,
        uid: event.uid,
      });
    }
  }
  return { title, entries };
}
