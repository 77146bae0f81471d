/** The job of the `delivery-report` queue: one look-up of one accepted call's delivery reports. */
export const DELIVERY_REPORT_JOB = 'look-up-reports';

export interface DeliveryReportJobData {
  callId: number;
  /** Which look-up of the schedule, from 0. */
  step: number;
}

/** One job per call and step: adding it twice is a no-op. */
export const deliveryReportJobId = (callId: number, step: number) => `reports-${callId}-${step}`;

/** A few tries a minute apart; after the last, the look-up counts as done with nothing learnt (see the processor). */
export const DELIVERY_REPORT_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** The every-five-minutes maintenance job that gives calls waiting for reports their look-up again. */
export const SWEEP_REPORTS_JOB = 'sweep-reports';
export const SWEEP_REPORTS_EVERY_MS = 5 * 60_000;
