import type { Locator, Page } from '@playwright/test';
import { connectedAccount, openPostCard, postToEmail, sandboxUrl } from './google-support.ts';
import { api, checkScreen, expect, test, useSuperadminSession } from './support.ts';

// Every big dialog on a laptop's screen and a larger one: its title and its main button are in sight without
// scrolling, only the dialog's body scrolls. The Confirm Sender List is checked in send-review.spec.ts; every
// other dialog, in the journey that opens it (watchDialogs in support.ts).
useSuperadminSession();

const SCREENS = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

/** The dialog's title and main button wholly inside the window as it opened (nothing scrolled), the screen kept. */
async function expectFits(
  page: Page,
  dialog: Locator,
  title: string,
  primary: string | RegExp,
  screen: string,
): Promise<void> {
  await expect(dialog.getByRole('heading', { name: title })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: primary, exact: typeof primary === 'string' })).toBeInViewport({
    ratio: 1,
  });
  // The whole dialog too: what does not fit scrolls inside its body, never below the window's edge.
  await expect(dialog).toBeInViewport({ ratio: 1 });
  const size = page.viewportSize()!;
  await checkScreen(page, `fit-${screen}-${size.width}x${size.height}`);
}

// The check every journey's page runs (watchDialogs in support.ts) fails the test that opened a dialog whose main
// button lies below the window: this test is expected to fail, and fails CI if it does not.
test('a dialog whose main button lies below the window fails the journey that opened it', async ({ page }) => {
  test.fail();
  await page.goto('/login');
  await page.evaluate(() => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.innerHTML =
      '<h2 slot="title">Too tall</h2><div data-dialog-body style="height: 2000px"></div><div data-dialog-footer><button>Save</button></div>';
    document.body.append(dialog);
  });
  await page.waitForTimeout(800);
});

for (const viewport of SCREENS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the dashboard’s dialogs show their main button', async ({ page, superadminSession }) => {
      test.skip(!sandboxUrl, 'E2E_GOOGLE_SANDBOX_URL is not set: the Google sandbox is not running');
      // Eight dialogs, each scanned and kept at this size: over a minute on a busy machine.
      test.slow();
      const accountId = await connectedAccount(superadminSession.token);
      const post = await postToEmail(superadminSession.token, accountId);
      const card = await openPostCard(page, accountId, post);

      await card.getByRole('button', { name: 'Send Email' }).click();
      const choice = page.getByRole('dialog', { name: 'Send Email' });
      await expectFits(page, choice, 'Send Email', 'Specify', 'send-email-choice');
      await choice.getByRole('button', { name: 'Cancel' }).click();
      await expect(choice).toBeHidden();

      await card.getByRole('button', { name: 'Specify' }).click();
      const specify = page.getByRole('dialog', { name: 'Send Model Information' });
      await expect(
        specify.getByTestId('email-preview').or(specify.getByText('Please select an email template')),
      ).toBeVisible();
      await expectFits(page, specify, 'Send Model Information', 'Send', 'specify');
      await specify.getByRole('button', { name: 'Cancel' }).click();
      await expect(specify).toBeHidden();

      await card.getByRole('button', { name: 'Select Models' }).click();
      const models = page.getByRole('dialog', { name: '콤카드 데이터' });
      await expect(models.getByText(/\d+ models · \d+ selected/)).toBeVisible();
      await expectFits(page, models, '콤카드 데이터', 'Finish Selection', 'model-picker');
      await models.getByRole('button', { name: 'Close' }).click();
      await expect(models).toBeHidden();

      await page.getByRole('button', { name: 'Email Templates' }).click();
      const templates = page.getByRole('dialog', { name: 'Email Templates' });
      await expect(
        templates.getByText('No templates yet.').or(templates.getByRole('region', { name: 'Templates' })),
      ).toBeVisible();
      await expectFits(page, templates, 'Email Templates', 'Close', 'email-templates');
      await templates.getByRole('button', { name: 'Add New' }).click();
      const editor = page.getByRole('dialog', { name: 'New Template' });
      await expectFits(page, editor, 'New Template', 'Create Template', 'email-template-editor');
      await page.keyboard.press('Escape');
      await expect(editor).toBeHidden();

      await page.getByRole('button', { name: 'Model Templates' }).click();
      const modelList = page.getByRole('dialog', { name: 'Model List' });
      await modelList.getByRole('button', { name: 'Add New Model' }).click();
      const modelForm = page.getByRole('dialog', { name: 'Add New Model' });
      await expectFits(page, modelForm, 'Add New Model', 'Add Model', 'model-form');
      await page.keyboard.press('Escape');
      await expect(modelForm).toBeHidden();

      await page.getByRole('button', { name: 'Select Posting File' }).click();
      const picker = page.getByRole('dialog', { name: 'Select Posting File' });
      await expect(picker.getByRole('list', { name: 'Files' })).toBeVisible();
      await expectFits(page, picker, 'Select Posting File', 'Load Posts', 'drive-picker');
      await picker.getByRole('button', { name: 'Close' }).click();
      await expect(picker).toBeHidden();

      await page.getByRole('button', { name: 'Instructions' }).click();
      const instructions = page.getByRole('dialog', { name: 'Instructions' });
      await expectFits(page, instructions, 'Instructions', 'Close', 'instructions');
    });

    test('the contact book’s and the message sender’s dialogs show their main button', async ({
      page,
      superadminSession,
    }) => {
      // An import runs on the worker in this test besides the dialogs.
      test.setTimeout(120_000);
      // A book of its own, so that the CSV dialogs open whatever else the journeys left.
      const book = `E2E fit ${viewport.width} ${Date.now().toString(36)}`;
      await api.POST('/backend/api/v1/contact-list/bulk', {
        body: { addressBook: book, contacts: [{ contactName: '맞춤', phoneNumber: '010-6666-0001' }] },
        headers: { Authorization: `Bearer ${superadminSession.token}` },
      });
      await page.goto('/admin/contact-book');
      await page.getByRole('button', { name: /Address book/ }).click();
      await page.getByRole('option', { name: new RegExp(`^${book} \\(`) }).click();
      const csv = `Name,Phone Number,Email\n맞춤,010-6666-0001,fit@new.kr\n${Array.from({ length: 40 }, (_, i) => `행 ${i},010-6666-${String(1000 + i)},`).join('\n')}\n`;
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'fit.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const upload = page.getByRole('dialog', { name: 'CSV Upload' });
      await upload.getByText('Update matches', { exact: true }).click();
      await expect(
        upload.getByText('40 new contacts will be added; 1 contact updated from 1 matching row.'),
      ).toBeVisible();
      await expectFits(page, upload, 'CSV Upload', 'Import 41 rows', 'csv-upload');
      await upload.getByRole('button', { name: 'Import 41 rows' }).click();
      await expect(upload.getByText(/Added 40 contacts/)).toBeVisible({ timeout: 30_000 });
      await upload.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Recent Imports' }).click();
      const imports = page.getByRole('dialog', { name: 'Recent Imports' });
      await expectFits(page, imports, 'Recent Imports', 'Close', 'recent-imports');
      await imports.getByRole('button', { name: 'Revert fit.csv' }).click();
      const revert = page.getByRole('alertdialog', { name: 'Revert Import' });
      await expectFits(page, revert, 'Revert Import', 'Revert', 'revert-import');
      await revert.getByRole('button', { name: 'Cancel' }).click();
      await imports.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Column Settings' }).click();
      const columns = page.getByRole('dialog', { name: 'Column Settings' });
      await expect(columns.getByRole('checkbox').first()).toBeVisible();
      await expectFits(page, columns, 'Column Settings', 'Save', 'column-settings');
      await columns.getByRole('button', { name: 'Cancel' }).click();
      await expect(columns).toBeHidden();

      await page.goto('/admin/message-sender');
      await page.getByRole('button', { name: 'Manage Templates' }).click();
      const templates = page.getByRole('dialog', { name: 'Template' });
      await expect(templates.getByRole('grid', { name: 'Templates' })).toBeVisible();
      await expectFits(page, templates, 'Template', 'Registration', 'message-templates');
    });

    test('the contact book’s confirmations show their main button', async ({ page, superadminSession }) => {
      test.slow();
      const name = `E2E fit ${viewport.width} ${Date.now().toString(36)}`;
      const contacts = [
        { contactName: '김민준', phoneNumber: '' },
        { contactName: '이서연', phoneNumber: '010-6666-0001', checklistConfirm: '불일치' },
        ...Array.from({ length: 12 }, (_, i) => ({
          contactName: `후보 ${i + 1}`,
          phoneNumber: `010-6666-${String(i + 10).padStart(4, '0')}`,
        })),
      ];
      const seeded = await api.POST('/backend/api/v1/contact-list/bulk', {
        body: { addressBook: name, contacts },
        headers: { Authorization: `Bearer ${superadminSession.token}` },
      });
      expect(seeded.response.status).toBe(201);
      await page.goto('/admin/contact-book');
      await page.getByRole('button', { name: /Address book/ }).click();
      await page.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();

      await page.getByRole('button', { name: 'Delete 김민준', exact: true }).click();
      const deletion = page.getByRole('alertdialog', { name: 'Delete Contacts' });
      await expectFits(page, deletion, 'Delete Contacts', 'Delete', 'contact-delete');
      await deletion.getByRole('button', { name: 'Cancel' }).click();
      await expect(deletion).toBeHidden();

      await page.getByRole('checkbox', { name: 'Select All' }).check();
      await page.getByRole('button', { name: 'Send Friend Requests' }).click();
      const targets = page.getByRole('dialog', { name: 'Friend Addition Target List' });
      await expect(targets.getByRole('note', { name: 'Left out' })).toBeVisible();
      await expectFits(page, targets, 'Friend Addition Target List', 'Add Friends', 'friend-targets');
      await targets.getByRole('button', { name: 'Add Friends' }).click();
      const confirmation = page.getByRole('alertdialog', { name: 'Confirm Friend Addition' });
      await expectFits(page, confirmation, 'Confirm Friend Addition', 'Confirm', 'friend-confirm');
      await confirmation.getByRole('button', { name: 'Cancel' }).click();
    });
  });
}
