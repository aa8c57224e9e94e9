-- The admin dashboard's figures that would otherwise read a month of sessions on every load, kept
-- current as sessions and visits are written (README "Admin analytics"): sign-ins per UTC day and
-- device class, visits and their seconds per UTC day, and each member's country of latest sign-in.
-- Statement triggers with transition tables, so a bulk insert updates each total once.

CREATE TABLE session_device_days (
  day date NOT NULL,
  device text NOT NULL,
  sign_ins bigint NOT NULL,
  PRIMARY KEY (day, device)
);

CREATE TABLE session_visit_days (
  day date PRIMARY KEY,
  visits bigint NOT NULL,
  seconds double precision NOT NULL
);

ALTER TABLE users
  ADD COLUMN last_sign_in_country text,
  ADD COLUMN last_sign_in_at timestamptz;
CREATE INDEX users_member_country_idx ON users (last_sign_in_country)
  WHERE role = 'user' AND last_sign_in_country IS NOT NULL;

INSERT INTO session_device_days (day, device, sign_ins)
SELECT (started_at AT TIME ZONE 'UTC')::date, device, count(*) FROM member_sessions GROUP BY 1, 2;

INSERT INTO session_visit_days (day, visits, seconds)
SELECT (started_at AT TIME ZONE 'UTC')::date, count(*), sum(extract(epoch FROM last_seen_at - started_at))
FROM session_visits GROUP BY 1;

UPDATE users SET last_sign_in_country = latest.country, last_sign_in_at = latest.started_at
FROM (
  SELECT DISTINCT ON (user_id) user_id, country, started_at FROM member_sessions
  WHERE country IS NOT NULL ORDER BY user_id, started_at DESC
) AS latest
WHERE users.id = latest.user_id;

CREATE FUNCTION count_new_sessions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_device_days AS days (day, device, sign_ins)
  SELECT (started_at AT TIME ZONE 'UTC')::date, device, count(*) FROM new_sessions GROUP BY 1, 2
  ON CONFLICT (day, device) DO UPDATE SET sign_ins = days.sign_ins + EXCLUDED.sign_ins;
  UPDATE users SET last_sign_in_country = latest.country, last_sign_in_at = latest.started_at
  FROM (
    SELECT DISTINCT ON (user_id) user_id, country, started_at FROM new_sessions
    WHERE country IS NOT NULL ORDER BY user_id, started_at DESC
  ) AS latest
  WHERE users.id = latest.user_id
    AND (users.last_sign_in_at IS NULL OR users.last_sign_in_at <= latest.started_at);
  RETURN NULL;
END $$;

CREATE TRIGGER member_sessions_counted AFTER INSERT ON member_sessions
  REFERENCING NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION count_new_sessions();

CREATE FUNCTION count_new_visits() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_visit_days AS days (day, visits, seconds)
  SELECT (started_at AT TIME ZONE 'UTC')::date, count(*), sum(extract(epoch FROM last_seen_at - started_at))
  FROM new_visits GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET visits = days.visits + EXCLUDED.visits, seconds = days.seconds + EXCLUDED.seconds;
  RETURN NULL;
END $$;

CREATE FUNCTION count_longer_visits() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_visit_days AS days (day, visits, seconds)
  SELECT (after.started_at AT TIME ZONE 'UTC')::date, 0, sum(extract(epoch FROM after.last_seen_at - before.last_seen_at))
  FROM visits_after AS after JOIN visits_before AS before ON before.id = after.id GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET seconds = days.seconds + EXCLUDED.seconds;
  RETURN NULL;
END $$;

CREATE FUNCTION count_removed_visits() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE session_visit_days AS days SET visits = days.visits - removed.visits, seconds = days.seconds - removed.seconds
  FROM (
    SELECT (started_at AT TIME ZONE 'UTC')::date AS day, count(*) AS visits,
      sum(extract(epoch FROM last_seen_at - started_at)) AS seconds
    FROM old_visits GROUP BY 1
  ) AS removed
  WHERE days.day = removed.day;
  RETURN NULL;
END $$;

CREATE TRIGGER session_visits_counted AFTER INSERT ON session_visits
  REFERENCING NEW TABLE AS new_visits FOR EACH STATEMENT EXECUTE FUNCTION count_new_visits();
CREATE TRIGGER session_visits_lengthened AFTER UPDATE ON session_visits
  REFERENCING OLD TABLE AS visits_before NEW TABLE AS visits_after FOR EACH STATEMENT EXECUTE FUNCTION count_longer_visits();
CREATE TRIGGER session_visits_removed AFTER DELETE ON session_visits
  REFERENCING OLD TABLE AS old_visits FOR EACH STATEMENT EXECUTE FUNCTION count_removed_visits();
