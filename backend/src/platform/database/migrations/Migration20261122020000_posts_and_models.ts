import { Migration } from '@mikro-orm/migrations';

export class Migration20261122020000_posts_and_models extends Migration {
  override up(): void {
    // Trigram indexes make ILIKE '%배우%' searches of titles and bodies fast. pg_trgm is a trusted extension:
    // the database owner may create it.
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(`create table "post" (
      "id" serial primary key,
      "post_key" varchar(100) not null,
      "post_title" text null,
      "title_of_the_work" text null,
      "produce" text null,
      "recruitment_gender" text null,
      "number_of_recruits" text null,
      "role_in_the_play" text null,
      "appearance_fee" text null,
      "filming_period" text null,
      "recruitment_deadline" text null,
      "post_date" timestamptz null,
      "post_date_text" text null,
      "manager" text null,
      "phone_call" text null,
      "customer_email" text null,
      "email" text null,
      "body" text null,
      "eng" text null,
      "body_safe_html" text null,
      "eng_safe_html" text null,
      "post_url" text null,
      "is_favorite" boolean not null default false,
      "memo" text null,
      "is_email_sent" boolean not null default false,
      "content_hash" varchar(64) not null,
      "imported_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(`alter table "post" add constraint "post_post_key_unique" unique ("post_key");`);
    // The list order: newest post date first, undated posts last, then the newest row.
    this.addSql(`create index "post_list_order_index" on "post" ("post_date" desc nulls last, "id" desc);`);
    this.addSql(`create index "post_recruitment_gender_list_order_index"
      on "post" ("recruitment_gender", "post_date" desc nulls last, "id" desc);`);
    this.addSql(`create index "post_favorite_list_order_index"
      on "post" ("post_date" desc nulls last, "id" desc) where is_favorite;`);
    this.addSql(`create index "post_post_title_trgm_index" on "post" using gin ("post_title" gin_trgm_ops);`);
    this.addSql(
      `create index "post_title_of_the_work_trgm_index" on "post" using gin ("title_of_the_work" gin_trgm_ops);`,
    );
    this.addSql(`create index "post_body_trgm_index" on "post" using gin ("body" gin_trgm_ops);`);
    this.addSql(`create index "post_eng_trgm_index" on "post" using gin ("eng" gin_trgm_ops);`);

    this.addSql(`create table "sent_email" (
      "id" serial primary key,
      "post_id" int not null,
      "account_id" int null,
      "recipient" varchar(254) not null,
      "subject" text not null,
      "status" text check ("status" in ('sent', 'failed')) not null,
      "gmail_message_id" varchar(255) null,
      "error" text null,
      "idempotency_key" varchar(255) null,
      "sent_by_id" int null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "sent_email_post_id_index" on "sent_email" ("post_id");`);
    this.addSql(
      `alter table "sent_email" add constraint "sent_email_idempotency_key_unique" unique ("idempotency_key");`,
    );
    this.addSql(
      `create index "sent_email_account_id_created_at_index" on "sent_email" ("account_id", "created_at" desc);`,
    );
    this.addSql(`alter table "sent_email" add constraint "sent_email_post_id_foreign"
      foreign key ("post_id") references "post" ("id") on delete cascade;`);
    this.addSql(`alter table "sent_email" add constraint "sent_email_account_id_foreign"
      foreign key ("account_id") references "mail_account" ("id") on delete set null;`);
    this.addSql(`alter table "sent_email" add constraint "sent_email_sent_by_id_foreign"
      foreign key ("sent_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`create table "talent_model" (
      "id" serial primary key,
      "comcard_no" varchar(100) not null,
      "image" text null,
      "name_eng" text null,
      "name_kor" text null,
      "national" text null,
      "stage" text null,
      "additional_pic" text null,
      "download" text null,
      "comcard_photo_url" text null,
      "html_url" text null,
      "content_hash" varchar(64) not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(`alter table "talent_model" add constraint "talent_model_comcard_no_unique" unique ("comcard_no");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "talent_model" cascade;`);
    this.addSql(`drop table if exists "sent_email" cascade;`);
    this.addSql(`drop table if exists "post" cascade;`);
    // pg_trgm stays: other objects may have come to use it.
  }
}
