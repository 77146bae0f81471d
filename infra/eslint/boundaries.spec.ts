import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { boundariesRule } from './boundaries.ts';

// A checkout of its own for the cycle checks, which read the other modules' files: posts imports mail-accounts,
// models imports posts, and consent imports messaging (a cycle the rule knows of).
const checkout = mkdtempSync(join(tmpdir(), 'boundaries-'));
const modules = join(checkout, 'backend/src/modules');
for (const [path, code] of Object.entries({
  'posts/sent-email.entity.ts':
    "import { MailAccount } from '../mail-accounts/mail-account.entity.js';\nexport const S = { tableName: 'sent_email' };",
  'users/user.entity.ts': "export const U = { tableName: 'users' };",
  'contacts/contact.entity.ts': "export const C = { tableName: 'contact' };",
  'posts/posts.service.ts': "import { User } from '../users/user.entity.js';",
  'models/models.service.ts': "import { PostsService } from '../posts/posts.service.js';",
  'mail-accounts/mail-account.entity.ts': "import { User } from '../users/user.entity.js';",
  // A spec is no dependency of the module.
  'users/users.service.spec.ts': "import { PostsService } from '../posts/posts.service.js';",
  'consent/outreach-history.service.ts': "import { deliveryStatusSql } from '../messaging/message-send.entity.js';",
})) {
  mkdirSync(dirname(join(modules, path)), { recursive: true });
  writeFileSync(join(modules, path), code);
}

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser as never, ecmaVersion: 2024, sourceType: 'module' },
});

tester.run('house/boundaries', boundariesRule, {
  valid: [
    {
      filename: '/repo/frontend/src/features/users/routes/users-page.tsx',
      code: "import { useUsers } from '../api/use-users';",
    },
    {
      filename: '/repo/frontend/src/features/users/routes/users-page.tsx',
      code: "import { Button } from '../../../components/ui/button';",
    },
    {
      filename: '/repo/frontend/src/features/posts/routes/dashboard-page.tsx',
      code: "import { ModelListDialog } from '../../models/index.ts';",
    },
    {
      filename: '/repo/backend/src/modules/auth/auth.service.ts',
      code: "import { UsersService } from '../users/users.service.js';",
    },
    {
      filename: '/repo/backend/src/modules/auth/session.entity.ts',
      code: "import { User } from '../users/user.entity.js';",
    },
    {
      filename: '/repo/backend/src/modules/auth/auth.guard.ts',
      code: "import { MESSAGES } from '../users/domain/user-policy.js';",
    },
    { filename: '/repo/backend/src/modules/users/domain/roles.ts', code: "import { x } from './other.js';" },
    {
      filename: '/repo/backend/src/modules/auth/domain/refresh-token.ts',
      code: "import { createHash } from 'node:crypto';",
    },
    {
      filename: '/repo/backend/src/modules/messaging/domain/sms-bytes.ts',
      code: "import { isStaff } from '../../users/domain/roles.js';",
    },
    // Rules several modules share live in platform/domain/.
    {
      filename: '/repo/backend/src/modules/contacts/domain/contact-csv.ts',
      code: "import { csvRecords } from '../../../platform/domain/csv-parse.js';",
    },
    // Domain rules use the rules package the SPA shares, which imports only its own files.
    {
      filename: '/repo/backend/src/modules/messaging/domain/gateway-batches.ts',
      code: "import { type MessageType } from '@job-casting/rules';",
    },
    { filename: '/repo/rules/src/sending-rules.ts', code: "import { koreanHour } from './korean-time.js';" },
    // A spec beside a rule may use test support and test libraries.
    {
      filename: '/repo/backend/src/platform/domain/safe-html.spec.ts',
      code: "import { XSS_CORPUS } from '../../../test/support/xss-corpus.js';",
    },
    // The ports of a module's providers are public: other modules call Google through them.
    {
      filename: '/repo/backend/src/modules/email-templates/email-sending.service.ts',
      code: "import { GoogleCallError } from '../mail-accounts/providers/google.ports.js';",
    },
    {
      filename: '/repo/backend/test/worker.e2e-spec.ts',
      code: "import { P } from '../src/modules/auth/jobs/session-cleanup.processor.js';",
    },
    // No cycle: posts imports mail-accounts, which imports posts nowhere.
    {
      filename: join(modules, 'posts/sent-emails.service.ts'),
      code: "import { MailAccount } from '../mail-accounts/mail-account.entity.js';",
    },
    // A spec may use a module that depends on its own.
    {
      filename: join(modules, 'users/users.service.spec.ts'),
      code: "import { ModelsService } from '../models/models.service.js';",
    },
    // The one known cycle, left for now.
    {
      filename: join(modules, 'messaging/message-sends.service.ts'),
      code: "import { ConsentService } from '../consent/consent.service.js';",
    },
    // platform/ builds on nothing but itself and libraries; the composition root gives it the rest.
    {
      filename: '/repo/backend/src/platform/http/auth-decorators.ts',
      code: "import type { Role } from '../domain/roles.js';",
    },
    { filename: '/repo/backend/src/app-setup.ts', code: "import { AppModule } from './app.module.js';" },
    {
      filename: '/repo/frontend/src/components/ui/dialog.tsx',
      code: "import { cn } from '../../lib/cn';",
    },
    {
      filename: '/repo/frontend/src/features/users/routes/users-page.tsx',
      code: "import { formatDate } from '../../../lib/format';",
    },
    // SQL names the module's own tables, and "users", the shared read model.
    {
      filename: join(modules, 'posts/sent-emails.service.ts'),
      code: 'const sql = `select s."id", u."name" from "sent_email" s left join "users" u on u."id" = s."sent_by_id"`;',
    },
    // A column or an alias named like another module's table is no query of it.
    {
      filename: join(modules, 'email-campaigns/email-campaigns.service.ts'),
      code: 'const sql = `select r."contact" as "contact" from "email_campaign_recipient" r`;',
    },
    // A known read, listed to be moved behind the owning module's service.
    {
      filename: join(modules, 'consent/consent.service.ts'),
      code: 'const sql = `select "id" from "contact" where "id" = ?`;',
    },
    // A test may set up another module's rows.
    {
      filename: join(modules, 'models/models.service.spec.ts'),
      code: `await db.query('insert into "sent_email" ("id") values (1)');`,
    },
  ],
  invalid: [
    {
      filename: join(modules, 'email-campaigns/email-campaign-runner.service.ts'),
      code: 'const sql = `select r."id" from "email_campaign_recipient" r join "contact" c on c."id" = r."contact_id"`;',
      errors: [{ messageId: 'tables', data: { from: 'email-campaigns', to: 'contacts', table: 'contact' } }],
    },
    {
      filename: join(modules, 'models/models.service.ts'),
      code: `const sql = 'update "sent_email" set "status" = ? where "id" = ?';`,
      errors: [{ messageId: 'tables', data: { from: 'models', to: 'posts', table: 'sent_email' } }],
    },
    // Two modules importing each other.
    {
      filename: join(modules, 'mail-accounts/mail-accounts.service.ts'),
      code: "import { SentEmailsService } from '../posts/sent-emails.service.js';",
      errors: [
        {
          messageId: 'cycle',
          data: { from: 'mail-accounts', to: 'posts', chain: 'mail-accounts → posts → mail-accounts' },
        },
      ],
    },
    // A longer cycle: mail-accounts → models → posts → mail-accounts.
    {
      filename: join(modules, 'mail-accounts/mail-accounts.service.ts'),
      code: "import { ModelsService } from '../models/models.service.js';",
      errors: [
        {
          messageId: 'cycle',
          data: { from: 'mail-accounts', to: 'models', chain: 'mail-accounts → models → posts → mail-accounts' },
        },
      ],
    },
    // A type-only import closes a cycle too.
    {
      filename: join(modules, 'users/users.service.ts'),
      code: "import type { Post } from '../posts/post.entity.js';",
      errors: [{ messageId: 'cycle' }],
    },
    {
      filename: '/repo/backend/src/platform/http/create-http-app.ts',
      code: "import { QueueBoardService } from '../../modules/operations/queue-board.service.js';",
      errors: [{ messageId: 'platform' }],
    },
    {
      filename: '/repo/backend/src/platform/http/auth-decorators.ts',
      code: "import type { Role } from '../../modules/users/domain/roles.js';",
      errors: [{ messageId: 'platform' }],
    },
    {
      filename: '/repo/backend/src/platform/http/openapi-document.ts',
      code: "import { AppModule } from '../../app.module.js';",
      errors: [{ messageId: 'platform' }],
    },
    {
      filename: '/repo/backend/src/platform/database/orm-options.ts',
      code: "const { User } = await import('../../modules/users/user.entity.js');",
      errors: [{ messageId: 'platform' }],
    },
    {
      filename: '/repo/frontend/src/lib/api-client.ts',
      code: "import { useUsers } from '../features/users/api/use-users';",
      errors: [{ messageId: 'shared', data: { to: 'users' } }],
    },
    {
      filename: '/repo/frontend/src/components/ui/data-table.tsx',
      code: "import { ContactRow } from '../../features/contacts/components/contact-row';",
      errors: [{ messageId: 'shared', data: { to: 'contacts' } }],
    },
    { filename: '/repo/rules/src/phone.ts', code: "import { z } from 'zod';", errors: [{ messageId: 'rules' }] },
    {
      filename: '/repo/rules/src/phone.ts',
      code: "import { readFileSync } from 'node:fs';",
      errors: [{ messageId: 'rules' }],
    },
    {
      filename: '/repo/rules/src/phone.ts',
      code: "import { koreanDay } from '../../backend/src/platform/domain/csv-parse.js';",
      errors: [{ messageId: 'rules' }],
    },
    {
      filename: '/repo/frontend/src/features/profile/routes/profile-page.tsx',
      code: "import { UserForm } from '../../users/components/user-form';",
      errors: [{ messageId: 'feature' }],
    },
    {
      filename: '/repo/backend/src/modules/messaging/sends.service.ts',
      code: "import { AuthGuard } from '../auth/auth.guard.js';",
      errors: [{ messageId: 'module' }],
    },
    {
      filename: '/repo/backend/src/modules/sheet-imports/jobs/sheet-import.processor.ts',
      code: "import { GoogleApisGateway } from '../../mail-accounts/providers/googleapis.adapter.js';",
      errors: [{ messageId: 'module' }],
    },
    {
      filename: '/repo/backend/src/worker.module.ts',
      code: "import { P } from './modules/auth/jobs/session-cleanup.processor.js';",
      errors: [{ messageId: 'module' }],
    },
    {
      filename: '/repo/backend/src/modules/users/domain/user-policy.ts',
      code: "import { Injectable } from '@nestjs/common';",
      errors: [{ messageId: 'domain' }],
    },
    {
      filename: '/repo/backend/src/modules/users/domain/user-policy.ts',
      code: "import { EntityManager } from '@mikro-orm/postgresql';",
      errors: [{ messageId: 'domain' }],
    },
    {
      // A relative file outside domain/ may bring the framework in by the back door.
      filename: '/repo/backend/src/modules/users/domain/user-policy.ts',
      code: "import { UsersService } from '../users.service.js';",
      errors: [{ messageId: 'domain' }],
    },
    {
      filename: '/repo/backend/src/modules/users/domain/user-policy.ts',
      code: "import { loadConfig } from '../../../platform/config/config.js';",
      errors: [{ messageId: 'domain' }],
    },
    {
      // The shared rules are held to the same purity.
      filename: '/repo/backend/src/platform/domain/csv-parse.ts',
      code: "import { loadConfig } from '../config/config.js';",
      errors: [{ messageId: 'domain' }],
    },
    {
      filename: '/repo/backend/src/modules/messaging/domain/sms-bytes.ts',
      code: "import axios from 'axios';",
      errors: [{ messageId: 'domain' }],
    },
  ],
});
