import { Migration } from '@mikro-orm/migrations';

/** Each mail account's daily sending limit, from its domain (modules/mail-accounts/domain/daily-limit.ts). */
export class Migration20261211000000_mail_account_daily_limit extends Migration {
  override up(): void {
    this.addSql(`alter table "mail_account" add "daily_limit" int not null default 500;`);
    // Accounts connected before: a Workspace domain sends up to 2,000 a day.
    this.addSql(
      `update "mail_account" set "daily_limit" = 2000 where lower(split_part("email", '@', 2)) not in ('gmail.com', 'googlemail.com');`,
    );
  }

  override down(): void {
    this.addSql(`alter table "mail_account" drop column "daily_limit";`);
  }
}
