-- Every member has a business card from registration on (it starts as the account's name and e-mail).
-- Members who registered before that rule and never saved a card get that starting card now, so
-- send-card, /my-card and the public page agree for them too. Operators have no card.
INSERT INTO business_cards (user_id, name, email)
SELECT users.id, users.name, users.email
FROM users
LEFT JOIN business_cards ON business_cards.user_id = users.id
WHERE users.role = 'user' AND business_cards.user_id IS NULL;
