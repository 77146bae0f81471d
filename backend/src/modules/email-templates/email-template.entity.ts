import { defineEntity, p } from '@mikro-orm/core';
import { recordVersionTrigger } from '../../platform/database/record-versions.js';

/**
 * Refuses a commit that leaves templates but no default. Deferred to the commit, so that a switch may clear the old
 * default before it sets the new one. Created by Migration20261125000000 (a change needs a migration of its own).
 */
export const HAS_DEFAULT_TRIGGER_SQL = `create function "email_template_has_default_fn"() returns trigger language plpgsql as $$
  begin
    if exists (select 1 from "email_template") and not exists (select 1 from "email_template" where "is_default") then
      raise exception 'One e-mail template must be the default' using errcode = 'check_violation', constraint = 'email_template_has_default';
    end if;
    return null;
  end $$;
create constraint trigger "has_default" after insert or update or delete on "email_template"
  deferrable initially deferred for each row execute function "email_template_has_default_fn"();`;

/**
 * An e-mail template (spec §3): a subject and a text with {{placeholders}}, rendered by domain/render-email.ts.
 * Exactly one template is the default whenever there are any: a partial unique index allows at most one, and a
 * deferred constraint trigger (see the migration) refuses a commit that leaves none.
 */
export const EmailTemplateSchema = defineEntity({
  name: 'EmailTemplate',
  tableName: 'email_template',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(200),
    subject: p.string().length(500),
    /** The text staff write, newlines as \n. */
    template: p.text(),
    /** The template rendered with the fixed sample data, as a whole HTML document. */
    htmlTemplate: p.text(),
    isActive: p.boolean().default(true),
    /** Each selected model's comcard file from Drive goes with the e-mail as an attachment, not only as a link. */
    attachComcards: p.boolean().default(false),
    isDefault: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    /**
     * platform/database/record-versions.ts: raised by the trigger when what staff write changes (the rendered
     * htmlTemplate follows the template; which template is the default is not an edit of it).
     */
    version: p.integer().version(),
    fieldVersions: p.json<Record<string, number>>().defaultRaw(`'{}'`),
  },
  triggers: [
    {
      name: 'has_default',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      expression: HAS_DEFAULT_TRIGGER_SQL,
    },
    recordVersionTrigger('email_template', ['title', 'subject', 'template', 'is_active']),
  ],
  indexes: [
    {
      name: 'email_template_one_default_index',
      expression:
        'create unique index "email_template_one_default_index" on "email_template" ("is_default") where "is_default"',
    },
  ],
});

export class EmailTemplate extends EmailTemplateSchema.class {}
EmailTemplateSchema.setClass(EmailTemplate);
