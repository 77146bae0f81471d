/** The job of the `message-send` queue: the send's id only; the deliveries and their states live in the database. */
export const MESSAGE_SEND_JOB = 'send-messages';

export interface MessageSendJobData {
  sendId: number;
}

/** One job per send: a second add of the same send is ignored by BullMQ. */
export const messageSendJobId = (sendId: number) => `send-${sendId}`;
