import { Migration } from '@mikro-orm/migrations';

/** A person's outreach history is read by phone number (texts, KakaoTalk) and by e-mail address (e-mails). */
export class Migration20261206000000_outreach_history extends Migration {
  override up(): void {
    this.addSql(`create index "message_delivery_phone_index" on "message_delivery" ("phone", "id");`);
    this.addSql(`create index "sent_email_recipient_index" on "sent_email" (lower("recipient"));`);
  }

  override down(): void {
    this.addSql(`drop index if exists "message_delivery_phone_index";`);
    this.addSql(`drop index if exists "sent_email_recipient_index";`);
  }
}
