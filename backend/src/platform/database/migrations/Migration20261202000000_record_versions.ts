import { Migration } from '@mikro-orm/migrations';

/** The records staff share and edit (columns whose changes count; derived and bookkeeping columns are left out). */
const VERSIONED: Record<string, string[]> = {
  contact: [
    'contact_name',
    'phone_number',
    'email',
    'definition1',
    'definition2',
    'definition3',
    'memo',
    'start_status',
    'completion_status',
    'checklist_confirm',
    'chat_window_name',
    'kakao_talk',
    'modify_chat',
    'group_id',
  ],
  talent_model: [
    'comcard_no',
    'image',
    'name_eng',
    'name_kor',
    'national',
    'stage',
    'additional_pic',
    'download',
    'comcard_photo_url',
    'html_url',
  ],
  email_template: ['title', 'subject', 'template', 'is_active'],
  message_template: ['title', 'message', 'file_type', 'files'],
};

/**
 * Record versions: contacts, models and both kinds of templates carry a version, and each versioned column the
 * version at which it last changed. One trigger function keeps both on every update, whoever writes (an entity,
 * a raw statement, an import), so a save made on an older version can be told which fields changed since.
 */
export class Migration20261202000000_record_versions extends Migration {
  override up(): void {
    this.addSql(`create function "record_version_fn"() returns trigger language plpgsql as $$
  declare
    before_row jsonb := to_jsonb(OLD);
    after_row jsonb := to_jsonb(NEW);
    changed jsonb := '{}';
    versioned_column text;
  begin
    foreach versioned_column in array TG_ARGV loop
      if before_row -> versioned_column is distinct from after_row -> versioned_column then
        changed := changed || jsonb_build_object(versioned_column, OLD."version" + 1);
      end if;
    end loop;
    if changed <> '{}' then
      NEW."version" := OLD."version" + 1;
      NEW."field_versions" := OLD."field_versions" || changed;
    end if;
    return NEW;
  end $$;`);
    for (const [table, columns] of Object.entries(VERSIONED)) {
      this.addSql(
        `alter table "${table}" add column "version" int not null default 1, add column "field_versions" jsonb not null default '{}';`,
      );
      this.addSql(
        `create trigger "record_version" before update of ${columns.map((column) => `"${column}"`).join(', ')} on "${table}"
  for each row execute function "record_version_fn"(${columns.map((column) => `'${column}'`).join(', ')});`,
      );
    }
  }

  override down(): void {
    for (const table of Object.keys(VERSIONED)) {
      this.addSql(`drop trigger if exists "record_version" on "${table}";`);
      this.addSql(`alter table "${table}" drop column "version", drop column "field_versions";`);
    }
    this.addSql(`drop function if exists "record_version_fn"();`);
  }
}
