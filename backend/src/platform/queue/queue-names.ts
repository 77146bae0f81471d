/** Every BullMQ queue of the product. Processors run only in the worker process. */
export enum QueueName {
  Maintenance = 'maintenance',
  /** Posts and model cards read from a Google Sheet (modules/sheet-imports). */
  SheetImport = 'sheet-import',
  /** Address books imported from an uploaded CSV file (modules/contacts). */
  ContactImport = 'contact-import',
  /** Text and KakaoTalk messages handed to the gateway, now or at their time (modules/messaging). */
  MessageSend = 'message-send',
  /** Look-ups of the gateway's delivery reports after it accepted a send's messages (modules/messaging). */
  DeliveryReport = 'delivery-report',
  /** The repeating watch of the replies and bounces of sent e-mails in each account's Gmail (modules/email-replies). */
  MailWatch = 'mail-watch',
  /** E-mail campaigns sent through Gmail, paced and within each account's daily limit (modules/email-campaigns). */
  EmailCampaign = 'email-campaign',
}

export const ALL_QUEUES: QueueName[] = Object.values(QueueName);
