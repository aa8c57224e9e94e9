-- Member analytics count other people (issue 30 point 1). A card page's view, tap, link click or save is
-- counted only when it comes from someone other than the card's owner, and once per visitor in any run
-- of openings less than 30 minutes apart (docs/behaviour/analytics.md "Who is counted").

-- Who a visitor is, without keeping who: a SHA-256 of the day's random salt, the card, the visitor (the
-- page's random visitor id, else the address and browser) and the kind of event. The salt of a day is
-- deleted when the day is over, so nobody, this server included, can tell afterwards whose a hash was
-- (Plausible's scheme). One row per visitor, card and kind; `counted_at` is the opening that counted.
CREATE TABLE card_visit_salts (
  day date PRIMARY KEY,
  salt bytea NOT NULL
);

CREATE TABLE card_visits (
  visit bytea PRIMARY KEY,
  last_at timestamptz NOT NULL,
  counted_at timestamptz NOT NULL
);
-- The daily clean-up drops visits idle for more than 30 minutes.
CREATE INDEX card_visits_last_idx ON card_visits (last_at);

-- The stored events name no visitor and no viewer: an owner's own preview and a stranger's tap, or one
-- visitor's fifth reload and five visitors at a stand, look the same. So nothing already stored can be
-- recounted honestly; what can be said is from when the figures follow these rules, and the analytics
-- answers say it (`countingSince`) so the screens can mark periods that reach back before it. Without
-- any stored event (a fresh install) every figure follows the rules: the start of time.
CREATE TABLE card_counting_rules (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  counting_since timestamptz NOT NULL
);
INSERT INTO card_counting_rules (counting_since)
SELECT CASE WHEN EXISTS (SELECT 1 FROM card_events) THEN now() ELSE '1970-01-01T00:00:00Z'::timestamptz END;
