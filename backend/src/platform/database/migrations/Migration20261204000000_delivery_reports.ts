import { Migration } from '@mikro-orm/migrations';

/**
 * The truth after a send: a delivery can be `delivered`; each accepted call counts its look-ups of the gateway's
 * records and says when every delivery had a final state; each change a look-up finds is kept as an event.
 */
export class Migration20261204000000_delivery_reports extends Migration {
  override up(): void {
    this.addSql(`alter table "message_delivery" drop constraint "message_delivery_status_check";`);
    this.addSql(
      `alter table "message_delivery" add constraint "message_delivery_status_check" check (status in ('queued', 'sending', 'sent', 'delivered', 'failed', 'unknown', 'cancelled'));`,
    );
    this.addSql(
      `alter table "gateway_call" add "lookups" int not null default 0, add "reports_final_at" timestamptz null;`,
    );
    this.addSql(
      `create index "gateway_call_awaiting_reports_index" on "gateway_call" ("id") where state = 'accepted' and reports_final_at is null;`,
    );
    this.addSql(
      `create table "message_delivery_event" ("id" serial primary key, "delivery_id" int not null, "status" varchar(10) not null, "detail" varchar(1000) null, "source" varchar(20) not null, "gateway_state" varchar(100) null, "occurred_at" timestamptz not null, "recorded_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "message_delivery_event" add constraint "message_delivery_event_status_unique" unique ("delivery_id", "status");`,
    );
    this.addSql(
      `alter table "message_delivery_event" add constraint "message_delivery_event_status_check" check (status in ('delivered', 'failed', 'unknown'));`,
    );
    this.addSql(
      `alter table "message_delivery_event" add constraint "message_delivery_event_delivery_id_foreign" foreign key ("delivery_id") references "message_delivery" ("id") on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "message_delivery_event" cascade;`);
    this.addSql(`drop index "gateway_call_awaiting_reports_index";`);
    this.addSql(`alter table "gateway_call" drop column "lookups", drop column "reports_final_at";`);
    this.addSql(`update "message_delivery" set "status" = 'sent' where "status" = 'delivered';`);
    this.addSql(`alter table "message_delivery" drop constraint "message_delivery_status_check";`);
    this.addSql(
      `alter table "message_delivery" add constraint "message_delivery_status_check" check (status in ('queued', 'sending', 'sent', 'failed', 'unknown', 'cancelled'));`,
    );
  }
}
