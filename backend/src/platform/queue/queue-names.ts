/** Every BullMQ queue of the product. Processors run only in the worker process. */
export enum QueueName {
  Maintenance = 'maintenance',
}

export const ALL_QUEUES: QueueName[] = Object.values(QueueName);
