// The card list an NFC encoder works from: each card's ID, the URL to write onto its tag, and its state.
export function cardUrl(publicUrl: string, nfcUid: string): string {
  return `${publicUrl}/nfc/${nfcUid}`;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function cardsToCsv(
  cards: { nfc_uid: string; user_id: string | null; issued_at: Date }[],
  publicUrl: string,
): string {
  const rows = cards.map((card) =>
    [
      card.nfc_uid,
      cardUrl(publicUrl, card.nfc_uid),
      card.user_id ? 'claimed' : 'unclaimed',
      card.issued_at.toISOString(),
    ]
      .map(csvField)
      .join(','),
  );
  return ['nfcUID,url,state,issuedAt', ...rows].map((row) => `${row}\r\n`).join('');
}
