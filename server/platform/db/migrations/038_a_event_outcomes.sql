-- What became of the request each security event was recorded for (issue 30 point 2): the answer's
-- status and its meaning, so the event log can be filtered to what was blocked, refused, served or
-- failed. Events stored before this, and those no request caused (a block, a mark), have neither.
ALTER TABLE security_events
  ADD COLUMN status smallint,
  ADD COLUMN outcome text CHECK (outcome IN ('blocked', 'refused', 'served', 'failed'));
