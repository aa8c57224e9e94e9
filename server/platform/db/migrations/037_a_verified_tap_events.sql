-- A tap event shows whether the tap that opened the page was verified (issue 28 point 4): the page sends
-- the tap's signed data with it, and the server marks the event only when that data is the card's last
-- verified tap. The member's analytics count verified taps beside NFC scans; each is also an NFC scan.
-- Events stored before were never marked: nothing in them can tell.
ALTER TABLE card_events ADD COLUMN verified_tap boolean NOT NULL DEFAULT false;
ALTER TABLE card_event_hours ADD COLUMN verified_taps integer NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION count_card_event_hour() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.card_owner_id IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO card_event_hours AS hours (card_owner_id, hour, taps, verified_taps, link_clicks, views_nfc,
    views_qr, views_link, views_other, saves_nfc, saves_qr, saves_link, saves_other)
  VALUES (
    NEW.card_owner_id,
    date_trunc('hour', NEW.occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    (NEW.type = 'tap')::int,
    (NEW.type = 'tap' AND NEW.verified_tap)::int,
    (NEW.type = 'link_click')::int,
    (NEW.type = 'view' AND NEW.source = 'nfc')::int,
    (NEW.type = 'view' AND NEW.source = 'qr')::int,
    (NEW.type = 'view' AND NEW.source = 'link')::int,
    (NEW.type = 'view' AND NEW.source = 'other')::int,
    (NEW.type = 'save' AND NEW.source = 'nfc')::int,
    (NEW.type = 'save' AND NEW.source = 'qr')::int,
    (NEW.type = 'save' AND NEW.source = 'link')::int,
    (NEW.type = 'save' AND NEW.source = 'other')::int
  )
  ON CONFLICT (card_owner_id, hour) DO UPDATE SET
    taps = hours.taps + EXCLUDED.taps,
    verified_taps = hours.verified_taps + EXCLUDED.verified_taps,
    link_clicks = hours.link_clicks + EXCLUDED.link_clicks,
    views_nfc = hours.views_nfc + EXCLUDED.views_nfc,
    views_qr = hours.views_qr + EXCLUDED.views_qr,
    views_link = hours.views_link + EXCLUDED.views_link,
    views_other = hours.views_other + EXCLUDED.views_other,
    saves_nfc = hours.saves_nfc + EXCLUDED.saves_nfc,
    saves_qr = hours.saves_qr + EXCLUDED.saves_qr,
    saves_link = hours.saves_link + EXCLUDED.saves_link,
    saves_other = hours.saves_other + EXCLUDED.saves_other;
  RETURN NULL;
END;
$$;
