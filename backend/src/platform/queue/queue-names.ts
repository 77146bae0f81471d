/** Every BullMQ queue of the product. Processors run only in the worker process. */
export enum QueueName {
  Maintenance = 'maintenance',
  /** Posts and model cards read from a Google Sheet (modules/sheet-imports). */
  SheetImport = 'sheet-import',
}

export const ALL_QUEUES: QueueName[] = Object.values(QueueName);
