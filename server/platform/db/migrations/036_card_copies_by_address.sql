-- Copies of cards asked for on card pages ("E-mail me this card", issue 26) are counted per recipient
-- across every card, so one inbox cannot be filled by asking on many cards: that count reads this index.
CREATE INDEX card_sends_copies_by_recipient_idx ON card_sends (recipient_email, sent_at) WHERE is_copy;
