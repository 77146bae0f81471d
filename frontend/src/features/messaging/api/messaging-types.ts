import type { Schemas } from '@job-casting/contracts';

export type MessageFile = Schemas['MessageFileDto'];
export type MessageTemplate = Schemas['MessageTemplateDto'];
export type SenderNumber = Schemas['SenderNumberDto'];
export type MessageSend = Schemas['MessageSendDto'];
export type Delivery = Schemas['DeliveryDto'];
export type DeliveryEvent = Schemas['DeliveryEventDto'];
export type SendOutcomeName = MessageSend['outcome'];
export type SendRecipient = Schemas['SendRecipientDto'];
export type RecipientContact = Schemas['ContactDto'];
export type SendChannel = MessageSend['channel'];
