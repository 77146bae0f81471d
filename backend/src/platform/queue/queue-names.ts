/** Every BullMQ queue of the product. Processors run only in the worker process. */
export enum QueueName {
  Maintenance = 'maintenance',
  /** Posts and model cards read from a Google Sheet (modules/sheet-imports). */
  SheetImport = 'sheet-import',
  /** Address books imported from an uploaded CSV file (modules/contacts). */
  ContactImport = 'contact-import',
}

export const ALL_QUEUES: QueueName[] = Object.values(QueueName);
