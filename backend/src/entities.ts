import { AuthSession, RefreshToken } from './modules/auth/session.entity.js';
import { AddressBook, ContactGroup } from './modules/contacts/address-book.entity.js';
import { ContactImport } from './modules/contacts/contact-import.entity.js';
import { ContactImportUpdate } from './modules/contacts/contact-import-update.entity.js';
import { Contact } from './modules/contacts/contact.entity.js';
import { ContactColumnSettings } from './modules/contacts/contact-column-settings.entity.js';
import { FriendRequestBatch, FriendRequestItem } from './modules/contacts/friend-request.entity.js';
import { ContactConsent, OptOut } from './modules/consent/opt-out.entity.js';
import { EmailTemplate } from './modules/email-templates/email-template.entity.js';
import { GmailWatchCursor } from './modules/email-replies/gmail-watch-cursor.entity.js';
import { MessageFile } from './modules/messaging/message-file.entity.js';
import {
  GatewayCall,
  MessageDelivery,
  MessageDeliveryEvent,
  MessageSend,
} from './modules/messaging/message-send.entity.js';
import { MessageTemplate } from './modules/messaging/message-template.entity.js';
import { SenderNumber } from './modules/messaging/sender-number.entity.js';
import { MailAccount } from './modules/mail-accounts/mail-account.entity.js';
import { ModelSelection } from './modules/models/model-selection.entity.js';
import { TalentModel } from './modules/models/model.entity.js';
import { Post } from './modules/posts/post.entity.js';
import { PostEmailRevision } from './modules/posts/post-email-revision.entity.js';
import { PostHangulGramCount } from './modules/posts/post-hangul-gram-count.entity.js';
import { SentEmail } from './modules/posts/sent-email.entity.js';
import {
  EmailCampaign,
  EmailCampaignFollowUp,
  EmailCampaignRecipient,
} from './modules/email-campaigns/email-campaign.entity.js';
import { User } from './modules/users/user.entity.js';

/** Every entity of the application. A new module adds its entities here; the ORM is given this list. */
export const entities = [
  User,
  AuthSession,
  RefreshToken,
  MailAccount,
  Post,
  PostEmailRevision,
  PostHangulGramCount,
  SentEmail,
  TalentModel,
  ModelSelection,
  EmailTemplate,
  AddressBook,
  ContactGroup,
  Contact,
  ContactImport,
  ContactImportUpdate,
  FriendRequestBatch,
  FriendRequestItem,
  ContactColumnSettings,
  SenderNumber,
  MessageTemplate,
  MessageFile,
  MessageSend,
  GatewayCall,
  MessageDelivery,
  MessageDeliveryEvent,
  OptOut,
  ContactConsent,
  GmailWatchCursor,
  EmailCampaign,
  EmailCampaignFollowUp,
  EmailCampaignRecipient,
];
