// The admin dashboard's calls (insights-and-operators.md §7 Operators, issue 15): its figures, the CSV of
// each table it shows, and the NFC cards operators issue, all with the admin token (api/operators.ts).
import { AdminAnalyticsExportEndpoint, type AdminExportTable } from '../../contract/admin-analytics';
import { ExportCardsEndpoint, IssueCardsEndpoint, type IssuedCard } from '../../contract/card';
import { callOperatorEndpoint, type OperatorCallOutcome } from './operators';

/** One table of the dashboard as the server writes it out (CSV text). */
export function exportAdminTable(table: AdminExportTable): Promise<OperatorCallOutcome<string>> {
  return callOperatorEndpoint(AdminAnalyticsExportEndpoint, { params: { table } });
}

export async function issueCards(count: number): Promise<OperatorCallOutcome<IssuedCard[]>> {
  const outcome = await callOperatorEndpoint(IssueCardsEndpoint, { json: { count } });
  return outcome.kind === 'done' ? { kind: 'done', value: outcome.value.cards } : outcome;
}

/** Every card issued so far, claimed or not, as the CSV the NFC encoder reads. */
export function exportAllCards(): Promise<OperatorCallOutcome<string>> {
  return callOperatorEndpoint(ExportCardsEndpoint);
}
