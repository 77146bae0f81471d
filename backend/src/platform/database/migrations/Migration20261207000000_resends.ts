import { Migration } from '@mikro-orm/migrations';

/** A send of the failed messages of another is linked to it (both ways on the results). */
export class Migration20261207000000_resends extends Migration {
  override up(): void {
    this.addSql(`alter table "message_send" add column "resend_of_id" int null;`);
    this.addSql(
      `alter table "message_send" add constraint "message_send_resend_of_id_foreign" foreign key ("resend_of_id") references "message_send" ("id") on delete set null;`,
    );
    this.addSql(
      `create index "message_send_resend_of_index" on "message_send" ("resend_of_id") where resend_of_id is not null;`,
    );
  }

  override down(): void {
    this.addSql(`alter table "message_send" drop column "resend_of_id";`);
  }
}
