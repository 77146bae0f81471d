import { Migration } from '@mikro-orm/migrations';

/** An e-mail's Idempotency-Key belongs to the staff member who sent under it, as a text send's key does. */
export class Migration20261201000000_email_keys_per_staff extends Migration {
  override up(): void {
    this.addSql(`alter table "sent_email" drop constraint "sent_email_idempotency_key_unique";`);
    this.addSql(
      `alter table "sent_email" add constraint "sent_email_sent_by_idempotency_key_unique" unique ("sent_by_id", "idempotency_key");`,
    );
  }

  override down(): void {
    this.addSql(`alter table "sent_email" drop constraint "sent_email_sent_by_idempotency_key_unique";`);
    this.addSql(
      `alter table "sent_email" add constraint "sent_email_idempotency_key_unique" unique ("idempotency_key");`,
    );
  }
}
