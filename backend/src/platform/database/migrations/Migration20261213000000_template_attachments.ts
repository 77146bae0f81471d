import { Migration } from '@mikro-orm/migrations';

/** An e-mail template, and a campaign made from one, may attach each selected model's comcard file instead of linking it. */
export class Migration20261213000000_template_attachments extends Migration {
  override up(): void {
    this.addSql(`alter table "email_template" add column "attach_comcards" boolean not null default false;`);
    this.addSql(`alter table "email_campaign" add column "attach_comcards" boolean not null default false;`);
  }

  override down(): void {
    this.addSql(`alter table "email_campaign" drop column "attach_comcards";`);
    this.addSql(`alter table "email_template" drop column "attach_comcards";`);
  }
}
