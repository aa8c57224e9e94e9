// Webhooks: the member's receivers (Zapier, Make, n8n, a CRM), each with its events, its state and its
// delivery log, and a new one's signing secret shown once.
import { type FormEvent, useState } from 'react';
import {
  type CreatedWebhook,
  WEBHOOK_EVENT_TYPES,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '../../../contract/webhooks';
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  fetchWebhookDeliveries,
  WebhooksResource,
} from '../../api/other-apps';
import { updateResourceValue, useCachedResource } from '../../sync/use-cached-resource';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { formatDateTime } from '../../ui/format';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import { Panel, PanelText } from '../../ui/panel';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import { failureMessage } from './failure-message';
import styles from './other-apps.module.css';

export const LOAD_WEBHOOKS_FAILED = 'Failed to load your webhooks';
export const CREATE_WEBHOOK_FAILED = 'Failed to add the webhook. Please try again.';
export const LOAD_LOG_FAILED = 'Failed to load the delivery log';

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'contact.saved': 'A contact is saved',
  'contact.updated': 'A contact’s notes or flag change',
  'contact.deleted': 'A contact is deleted',
  'details.shared': 'Someone shares their details with you',
};

export function WebhooksPanel() {
  const webhooks = useCachedResource(WebhooksResource);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  return (
    <Panel
      title="Webhooks"
      description={`Tell Zapier, Make, n8n or your CRM when your contacts change: Tapnet sends each event as signed JSON to up to ${WEBHOOKS_MAX} HTTPS addresses.`}
    >
      {created && (
        <Notice
          tone="success"
          title="Webhook added"
          onClose={() => setCreated(null)}
          closeLabel="Hide the secret"
        >
          <p>
            Its signing secret, shown only this once. Give it to the receiver to check each event’s signature:
          </p>
          <input
            className={styles.password}
            aria-label="The webhook’s signing secret"
            value={created.secret}
            readOnly
            onFocus={(event) => event.target.select()}
          />
        </Notice>
      )}
      <CreateWebhookForm onCreated={setCreated} />
      {webhooks.status === 'loading' && <LoadingPlaceholder label="Loading your webhooks…" />}
      {webhooks.status === 'failed' && <LoadFailed message={LOAD_WEBHOOKS_FAILED} onRetry={webhooks.retry} />}
      {webhooks.status === 'ready' &&
        (webhooks.value.length === 0 ? (
          <PanelText>No webhooks yet.</PanelText>
        ) : (
          <ul className={styles.rows}>
            {webhooks.value.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} />
            ))}
          </ul>
        ))}
    </Panel>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const create = useAction(async () => {
    const webhook = await createWebhook({ url, events });
    const { secret: _secret, ...listed } = webhook;
    await updateResourceValue(WebhooksResource, (list) => [...list, listed]);
    return webhook;
  });

  function toggle(event: WebhookEventType, isOn: boolean) {
    setEvents((current) =>
      WEBHOOK_EVENT_TYPES.filter((one) => (one === event ? isOn : current.includes(one))),
    );
  }

  async function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const outcome = await create.run();
    if (outcome.ok) {
      setUrl('');
      onCreated(outcome.result);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        id="webhook-url"
        label="Receiver address"
        type="url"
        inputMode="url"
        placeholder="https://hooks.example.com/tapnet"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={create.hasFailed ? failureMessage(create.error, CREATE_WEBHOOK_FAILED) : null}
      />
      <fieldset className={styles.events}>
        <legend className={styles.legend}>Send when</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <label key={event} className={styles.check}>
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            <span>
              {EVENT_LABELS[event]} <code>{event}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" isBusy={create.isBusy} busyLabel="Adding…">
        Add webhook
      </Button>
    </form>
  );
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const [log, setLog] = useState<WebhookDelivery[] | null>(null);
  const remove = useAction(async () => {
    await deleteWebhook(webhook.id);
    await updateResourceValue(WebhooksResource, (list) => list.filter((one) => one.id !== webhook.id));
  });
  const turnOn = useAction(async () => {
    const updated = await enableWebhook(webhook.id);
    await updateResourceValue(WebhooksResource, (list) =>
      list.map((one) => (one.id === webhook.id ? updated : one)),
    );
  });
  const loadLog = useAction(async () => setLog(await fetchWebhookDeliveries(webhook.id)));

  async function run(action: typeof remove, done: string) {
    const outcome = await action.run();
    showToast(
      outcome.ok ? 'success' : 'error',
      outcome.ok ? done : failureMessage(outcome.error, 'That did not work. Please try again.'),
    );
  }

  return (
    <li className={styles.webhook}>
      <div className={styles.rowText}>
        <span className={styles.rowTitle}>{webhook.url}</span>
        <span className={styles.rowDetail}>{webhook.events.join(', ')}</span>
        {webhook.disabledAt ? (
          <span className={styles.warning}>
            Turned off on {formatDateTime(webhook.disabledAt)} after {webhook.failuresInARow} failed
            deliveries in a row.
          </span>
        ) : (
          webhook.failuresInARow > 0 && (
            <span className={styles.rowDetail}>{webhook.failuresInARow} failed deliveries in a row</span>
          )
        )}
      </div>
      <div className={styles.webhookActions}>
        <Button
          variant="secondary"
          onClick={() => loadLog.run()}
          isBusy={loadLog.isBusy}
          busyLabel="Loading…"
        >
          Delivery log
        </Button>
        {webhook.disabledAt && (
          <Button
            variant="secondary"
            onClick={() => run(turnOn, 'Webhook turned back on')}
            isBusy={turnOn.isBusy}
          >
            Turn back on
          </Button>
        )}
        <Button
          variant="danger"
          onClick={() => run(remove, 'Webhook removed')}
          isBusy={remove.isBusy}
          aria-label={`Remove the webhook to ${webhook.url}`}
        >
          Remove
        </Button>
      </div>
      {loadLog.hasFailed && <Notice tone="error" title={LOAD_LOG_FAILED} />}
      {log && <DeliveryLog deliveries={log} />}
    </li>
  );
}

const STATE_LABELS: Record<WebhookDelivery['state'], string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  failed: 'Given up',
};

function DeliveryLog({ deliveries }: { deliveries: WebhookDelivery[] }) {
  if (deliveries.length === 0) return <PanelText>No events sent yet.</PanelText>;
  return (
    <table className={styles.log}>
      <caption className={styles.legend}>Latest deliveries</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">State</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last error</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={delivery.eventId}>
            <td>
              {delivery.eventType}
              <br />
              <span className={styles.rowDetail}>{formatDateTime(delivery.createdAt)}</span>
            </td>
            <td>{STATE_LABELS[delivery.state]}</td>
            <td>{delivery.attempts}</td>
            <td>{delivery.lastError ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
