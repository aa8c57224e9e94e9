// Cards (issue 15 part 5): issue a batch of NFC card IDs, download it for the encoder, and see how many
// issued cards were claimed by a member and tapped in the last 30 days (the activation funnel).
import { type FormEvent, useId, useState } from 'react';
import type { AdminAnalyticsData } from '../../../contract/admin-analytics';
import { IssueCardsRequestSchema, type IssuedCard, MAX_CARDS_PER_BATCH } from '../../../contract/card';
import { exportAllCards, issueCards } from '../../api/admin-analytics';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Notice } from '../../ui/notice';
import { Panel } from '../../ui/panel';
import { saveFile } from '../../ui/save-file';
import styles from './admin.module.css';
import { definitionOf } from './admin-figures';
import { cardBatchCsv } from './card-batch-csv';
import { useDashboardActions } from './dashboard-context';
import { csvFileName, EXPORT_FAILED } from './export-button';
import { formatCount, percentOf } from './format';
import { failureText, useOperatorAction } from './operator-action';

function saveCsv(csv: string, name: string) {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), csvFileName(name));
}

function Funnel({ data }: { data: AdminAnalyticsData }) {
  const { issued, claimed, tappedLast30Days } = data.cards;
  const steps = [
    { key: 'issued', label: 'Issued', count: issued },
    { key: 'claimed', label: 'Claimed by a member', count: claimed },
    { key: 'tapped', label: 'Tapped in the last 30 days', count: tappedLast30Days },
  ];
  return (
    <dl className={styles.funnel}>
      {steps.map((step) => (
        <div key={step.key} className={styles.funnelStep}>
          <dt className={styles.figureLabel}>{step.label}</dt>
          <dd className={styles.funnelValue}>
            {formatCount(step.count)}
            <span className={styles.funnelShare}> ({percentOf(step.count, issued)}% of issued)</span>
          </dd>
          <dd className={styles.funnelBar} aria-hidden="true">
            <span style={{ width: `${percentOf(step.count, issued)}%` }} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function IssueCardsForm() {
  const inputId = useId();
  const { refresh } = useDashboardActions();
  const [count, setCount] = useState('100');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [batch, setBatch] = useState<IssuedCard[] | null>(null);
  const issuing = useOperatorAction(issueCards, (cards: IssuedCard[]) => {
    setBatch(cards);
    refresh();
  });
  const failure = failureText(issuing.error);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = IssueCardsRequestSchema.safeParse({ count: Number(count) });
    if (!request.success) {
      setInvalid(request.error.issues[0]?.message ?? 'count is not valid');
      return;
    }
    setInvalid(null);
    setBatch(null);
    void issuing.run(request.data.count);
  }

  return (
    <form className={styles.issueForm} onSubmit={handleSubmit} noValidate>
      <div className={styles.issueRow}>
        <Field
          id={inputId}
          label={`Number of cards (1–${MAX_CARDS_PER_BATCH})`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CARDS_PER_BATCH}
          step={1}
          value={count}
          error={invalid}
          disabled={issuing.isBusy}
          onChange={(event) => setCount(event.target.value)}
        />
        <Button type="submit" isBusy={issuing.isBusy} busyLabel="Issuing...">
          Issue cards
        </Button>
      </div>
      {failure && <Notice tone="error" title={`Failed to issue cards: ${failure}`} />}
      {batch && (
        <Notice tone="success" title={`Issued ${formatCount(batch.length)} cards`}>
          <p>Download them now for the NFC encoder: one row per card with its Card ID and tap URL.</p>
          <Button
            variant="secondary"
            className={styles.smallButton}
            onClick={() => saveCsv(cardBatchCsv(batch), `cards-batch-${batch.length}`)}
          >
            Download this batch (CSV)
          </Button>
        </Notice>
      )}
    </form>
  );
}

export function CardsTab({ data }: { data: AdminAnalyticsData }) {
  const exporting = useOperatorAction<void, string>(exportAllCards, (csv: string) => saveCsv(csv, 'cards'));
  const failure = failureText(exporting.error);
  return (
    <div className={styles.tabBody}>
      <div className={styles.halves}>
        <Panel
          title="Issue cards"
          description="New Card IDs to write onto blank NFC tags; members claim one when they activate their card."
        >
          <IssueCardsForm />
        </Panel>
        <Panel
          title="Card activation"
          description={definitionOf(data, 'cards.funnel')}
          aside={
            <Button
              variant="secondary"
              className={styles.smallButton}
              isBusy={exporting.isBusy}
              busyLabel="Exporting..."
              onClick={() => void exporting.run()}
            >
              All cards (CSV)
            </Button>
          }
        >
          <Funnel data={data} />
          {failure && (
            <p role="alert" className={styles.error}>
              {EXPORT_FAILED}: {failure}
            </p>
          )}
        </Panel>
      </div>
    </div>
  );
}
