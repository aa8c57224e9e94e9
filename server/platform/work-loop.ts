// A worker every server process runs over a queue table (mail_outbox, webhook_deliveries): it takes one
// due item at a time until none is left, when woken and on a timer (items queued by another process,
// retries coming due). Claiming is the queue's own business (a lease in the same statement as the pick).
import type { FastifyBaseLogger } from 'fastify';

export interface WorkLoop {
  /** Start a round now (an item was just queued). */
  wake(): void;
  /** Resolves once nothing is due any more. */
  drain(): Promise<void>;
  /** Stops the timer and waits for the item in hand. */
  stop(): Promise<void>;
}

export function startWorkLoop(options: {
  /** How often a round starts unwoken. */
  intervalMs: number;
  log: FastifyBaseLogger;
  /** What the log says failed. */
  what: string;
  /** Takes one due item and works it off; false when none is due. */
  takeOne(): Promise<boolean>;
}): WorkLoop {
  const { intervalMs, log, what, takeOne } = options;
  let round: Promise<void> | undefined;
  let isWokenAgain = false;
  let isStopped = false;

  const runRound = async () => {
    do {
      isWokenAgain = false;
      while (!isStopped && (await takeOne()));
    } while (isWokenAgain && !isStopped);
  };

  const wake = () => {
    if (isStopped) return;
    if (round) {
      isWokenAgain = true;
      return;
    }
    round = runRound()
      .catch((error: unknown) => log.warn({ err: error }, `${what} round failed; the next one retries`))
      .finally(() => {
        round = undefined;
      });
  };

  const timer = setInterval(wake, intervalMs);
  // The poll alone must not keep a process alive.
  timer.unref();

  return {
    wake,
    async drain() {
      wake();
      while (round) await round;
    },
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
