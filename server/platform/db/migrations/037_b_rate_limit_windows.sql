-- Request counters of any window length (issue 23 point 6): the per-inbox limits (forgot-password mail,
-- CardDAV wrong passwords: 15 minutes) count here too, so two processes allow what one does. Each row
-- says when its window ends; the clean-up drops the rows whose window has ended. The counts are worth
-- nothing after their window, so the table is started afresh (as a crash of this unlogged table does).
DROP TABLE rate_limit_counters;
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  ends_at timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limit_counters_ends_idx ON rate_limit_counters (ends_at);
