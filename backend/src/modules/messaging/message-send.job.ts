/** The job of the `message-send` queue: the send's id only; the deliveries and their states live in the database. */
export const MESSAGE_SEND_JOB = 'send-messages';

export interface MessageSendJobData {
  sendId: number;
}

/** One job per send: a second add of the same send is ignored by BullMQ. */
export const messageSendJobId = (sendId: number) => `send-${sendId}`;

/** The every-minute maintenance job that gives stranded sends their job again (MessageSendsService.sweep). */
export const SWEEP_SENDS_JOB = 'sweep-sends';
export const SWEEP_SENDS_EVERY_MS = 60_000;
