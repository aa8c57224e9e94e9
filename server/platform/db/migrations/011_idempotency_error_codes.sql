-- Saved answers to repeated saves were stored before error answers carried a code, and the client
-- now decides on the code alone: give the refusals a save can answer the code they stand for, so a
-- save replayed after this upgrade is still seen as "already saved" rather than as a failure.
UPDATE idempotency_keys
SET response_body = json_build_object(
  'error', response_body ->> 'error',
  'code', CASE response_body ->> 'error'
    WHEN 'Contact already exists' THEN 'CONTACT_EXISTS'
    WHEN 'Cannot save your own business card.' THEN 'OWN_CARD'
    WHEN 'Card not found.' THEN 'CARD_NOT_FOUND'
    WHEN 'This card has not been activated yet.' THEN 'CARD_UNCLAIMED'
  END
)
WHERE status_code >= 400
  AND response_body ->> 'code' IS NULL
  AND response_body ->> 'error' IN (
    'Contact already exists',
    'Cannot save your own business card.',
    'Card not found.',
    'This card has not been activated yet.'
  );
