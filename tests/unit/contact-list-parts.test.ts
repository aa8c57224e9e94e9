// The stored contact list handed from the worker that reads it to the page, a part per message
// (src/db/contact-list-parts.ts; docs/budgets.md): every contact arrives, in order, and a missing list
// or a failed worker is told apart from an empty one. The worker is stood in for by an object that
// answers as contact-list-worker.ts does: the unit tests' DOM runs no workers (the bench and e2e do).
import { describe, expect, it } from 'vitest';
import {
  LIST_PART_SIZE,
  type ListMessage,
  type ListRequest,
  type ListWorker,
  listMessages,
  receiveList,
} from '../../src/db/contact-list-parts';
import { makeContact } from './helpers';

const request: ListRequest = { databaseName: 'tapnet', ownerUserId: 'user-1' };
const many = Array.from({ length: 1_234 }, (_, index) => makeContact(`contact-${index}`));

/** A worker that answers a request with `answer`'s messages, each in a task of its own, as a worker's are. */
function workerAnswering(answer: (request: ListRequest) => ListMessage[]): ListWorker & { isEnded: boolean } {
  const worker = {
    onmessage: null as ListWorker['onmessage'],
    onerror: null as ListWorker['onerror'],
    isEnded: false,
    postMessage(sent: ListRequest) {
      for (const data of answer(sent)) {
        setTimeout(() => worker.onmessage?.({ data } as MessageEvent<ListMessage>), 0);
      }
    },
    terminate() {
      worker.isEnded = true;
    },
  };
  return worker;
}

describe('handing the stored list over in parts', () => {
  it('cuts a list into parts of at most LIST_PART_SIZE contacts, then says it ended', () => {
    const messages = listMessages({ ownerUserId: 'user-1', contacts: many });

    expect(
      messages.map((message) => (message.type === 'part' ? message.contacts.length : message.type)),
    ).toEqual([LIST_PART_SIZE, LIST_PART_SIZE, 234, 'end']);
    expect(messages.at(-1)).toEqual({ type: 'end', isFound: true });
  });

  it('puts the parts back together in order, and ends the worker', async () => {
    const worker = workerAnswering(() => listMessages({ ownerUserId: 'user-1', contacts: many }));

    expect(await receiveList(worker, request)).toEqual(many);
    expect(worker.isEnded).toBe(true);
  });

  it('tells an empty list from a member without one', async () => {
    expect(
      await receiveList(
        workerAnswering(() => listMessages({ contacts: [] })),
        request,
      ),
    ).toEqual([]);
    expect(
      await receiveList(
        workerAnswering(() => listMessages(undefined)),
        request,
      ),
    ).toBeNull();
  });

  it('rejects when the worker could not read the list or failed, and ends it', async () => {
    const failed = workerAnswering(() => [{ type: 'failed' }]);
    await expect(receiveList(failed, request)).rejects.toThrow('could not read');
    expect(failed.isEnded).toBe(true);

    const crashed = workerAnswering(() => []);
    const received = receiveList(crashed, request);
    crashed.onerror?.({ message: 'boom' } as ErrorEvent);
    await expect(received).rejects.toThrow('boom');
    expect(crashed.isEnded).toBe(true);
  });

  it('asks the worker for the member and database it was given', async () => {
    const asked: ListRequest[] = [];
    const worker = workerAnswering((sent) => {
      asked.push(sent);
      return listMessages({ contacts: [] });
    });

    await receiveList(worker, request);

    expect(asked).toEqual([request]);
  });
});
