import { Migration20261122000000_users_and_sessions } from './Migration20261122000000_users_and_sessions.js';
import { Migration20261122010000_mail_accounts } from './Migration20261122010000_mail_accounts.js';
import { Migration20261122020000_posts_and_models } from './Migration20261122020000_posts_and_models.js';
import { Migration20261125000000_email_templates_and_selections } from './Migration20261125000000_email_templates_and_selections.js';
import { Migration20261126000000_contacts } from './Migration20261126000000_contacts.js';
import { Migration20261127000000_messaging } from './Migration20261127000000_messaging.js';
import { Migration20261201000000_email_keys_per_staff } from './Migration20261201000000_email_keys_per_staff.js';
import { Migration20261202000000_record_versions } from './Migration20261202000000_record_versions.js';
import { Migration20261203000000_consent } from './Migration20261203000000_consent.js';
import { Migration20261204000000_delivery_reports } from './Migration20261204000000_delivery_reports.js';
import { Migration20261206000000_outreach_history } from './Migration20261206000000_outreach_history.js';
import { Migration20261207000000_resends } from './Migration20261207000000_resends.js';
import { Migration20261208000001_contact_import_matching } from './Migration20261208000001_contact_import_matching.js';
import { Migration20261211000000_mail_account_daily_limit } from './Migration20261211000000_mail_account_daily_limit.js';
import { Migration20261211000001_email_campaigns } from './Migration20261211000001_email_campaigns.js';
import { Migration20261212000000_email_replies } from './Migration20261212000000_email_replies.js';
import { Migration20261213000000_template_attachments } from './Migration20261213000000_template_attachments.js';
import { Migration20261214000000_campaign_follow_ups } from './Migration20261214000000_campaign_follow_ups.js';
import { Migration20261215000000_post_revisions_and_hangul_grams } from './Migration20261215000000_post_revisions_and_hangul_grams.js';
import { Migration20261216000000_post_email_revisions } from './Migration20261216000000_post_email_revisions.js';
import { Migration20261217000000_post_hangul_gram_columns } from './Migration20261217000000_post_hangul_gram_columns.js';
import { Migration20261218000000_post_hangul_gram_counts } from './Migration20261218000000_post_hangul_gram_counts.js';
import { Migration20261219000000_post_searched_texts_in_row } from './Migration20261219000000_post_searched_texts_in_row.js';
import { Migration20261220000000_post_gram_signatures } from './Migration20261220000000_post_gram_signatures.js';
import { Migration20261221000000_gram_queries_in_one_process } from './Migration20261221000000_gram_queries_in_one_process.js';

/** Every committed migration, in order. Listed explicitly so the build needs no file discovery. */
export const migrationsList = [
  { name: 'Migration20261122000000_users_and_sessions', class: Migration20261122000000_users_and_sessions },
  { name: 'Migration20261122010000_mail_accounts', class: Migration20261122010000_mail_accounts },
  { name: 'Migration20261122020000_posts_and_models', class: Migration20261122020000_posts_and_models },
  {
    name: 'Migration20261125000000_email_templates_and_selections',
    class: Migration20261125000000_email_templates_and_selections,
  },
  { name: 'Migration20261126000000_contacts', class: Migration20261126000000_contacts },
  { name: 'Migration20261127000000_messaging', class: Migration20261127000000_messaging },
  { name: 'Migration20261201000000_email_keys_per_staff', class: Migration20261201000000_email_keys_per_staff },
  { name: 'Migration20261202000000_record_versions', class: Migration20261202000000_record_versions },
  { name: 'Migration20261203000000_consent', class: Migration20261203000000_consent },
  { name: 'Migration20261204000000_delivery_reports', class: Migration20261204000000_delivery_reports },
  { name: 'Migration20261206000000_outreach_history', class: Migration20261206000000_outreach_history },
  { name: 'Migration20261207000000_resends', class: Migration20261207000000_resends },
  { name: 'Migration20261208000001_contact_import_matching', class: Migration20261208000001_contact_import_matching },
  { name: 'Migration20261211000000_mail_account_daily_limit', class: Migration20261211000000_mail_account_daily_limit },
  { name: 'Migration20261211000001_email_campaigns', class: Migration20261211000001_email_campaigns },
  { name: 'Migration20261212000000_email_replies', class: Migration20261212000000_email_replies },
  { name: 'Migration20261213000000_template_attachments', class: Migration20261213000000_template_attachments },
  { name: 'Migration20261214000000_campaign_follow_ups', class: Migration20261214000000_campaign_follow_ups },
  {
    name: 'Migration20261215000000_post_revisions_and_hangul_grams',
    class: Migration20261215000000_post_revisions_and_hangul_grams,
  },
  { name: 'Migration20261216000000_post_email_revisions', class: Migration20261216000000_post_email_revisions },
  { name: 'Migration20261217000000_post_hangul_gram_columns', class: Migration20261217000000_post_hangul_gram_columns },
  { name: 'Migration20261218000000_post_hangul_gram_counts', class: Migration20261218000000_post_hangul_gram_counts },
  {
    name: 'Migration20261219000000_post_searched_texts_in_row',
    class: Migration20261219000000_post_searched_texts_in_row,
  },
  { name: 'Migration20261220000000_post_gram_signatures', class: Migration20261220000000_post_gram_signatures },
  {
    name: 'Migration20261221000000_gram_queries_in_one_process',
    class: Migration20261221000000_gram_queries_in_one_process,
  },
];
