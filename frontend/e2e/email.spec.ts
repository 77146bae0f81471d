import type { Page } from '@playwright/test';
import { bearer, connectedAccount, openPostCard, postToEmail, sandbox, sandboxUrl } from './google-support.ts';
import {
  api,
  apiLogin,
  checkScreen,
  createAccount,
  expect,
  message,
  sessionStorageState,
  superadmin,
  test,
  useSuperadminSession,
} from './support.ts';

// The e-mail side against the Google sandbox: templates, models, selecting models for a post, and sending
// Specify and Simple e-mails that the sandbox's Gmail records.
const RECIPIENT = 'cast@studio.example';
const MODELS = [
  {
    comcardNo: 'E2E-101',
    nameEng: 'Emily Carter',
    nameKor: '에밀리 카터',
    national: 'USA',
    stage: 'Actor',
    htmlUrl: 'https://profiles.example/E2E-101',
  },
  {
    comcardNo: 'E2E-102',
    nameEng: 'Lucas Martin',
    nameKor: '루카스 마틴',
    national: 'France',
    stage: 'Model',
    htmlUrl: 'https://profiles.example/E2E-102',
  },
  { comcardNo: 'E2E-103', nameEng: 'Anna Petrova', nameKor: '안나 페트로바', national: 'Russia', stage: 'Dancer' },
];

useSuperadminSession();
test.describe.configure({ mode: 'serial' });
test.skip(!sandboxUrl, 'E2E_GOOGLE_SANDBOX_URL is not set: the Google sandbox is not running');

interface SentMail {
  subject: string;
  html: string | null;
  to: { address: string }[];
}

let accountId: number;
let post: { postId: string; title: string };

test.beforeAll(async ({ superadminSession }) => {
  accountId = await connectedAccount(superadminSession.token);
  post = await postToEmail(superadminSession.token, accountId);
  const existing = (await api.GET('/backend/api/v1/models', bearer(superadminSession.token))).data ?? [];
  for (const model of MODELS) {
    if (!existing.some((known) => known.comcardNo === model.comcardNo))
      await api.POST('/backend/api/v1/models', { ...bearer(superadminSession.token), body: model });
  }
});

test('a template is created with placeholders, previewed, made the default and deleted', async ({ page }) => {
  await page.goto(`/admin/dashboard/${accountId}`);
  await page.getByRole('button', { name: 'Email Templates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email Templates' });
  await expect(
    dialog.getByText('No templates yet.').or(dialog.getByRole('region', { name: 'Templates' })),
  ).toBeVisible();

  for (const [title, subject] of [
    ['프로필 안내', '[JOB CASTING] {{postId}} 프로필 {{modelCount}}명'],
    ['짧은 안내', '{{postId}} 모델 제안'],
  ]) {
    await dialog.getByRole('button', { name: 'Add New' }).click();
    const editor = page.getByRole('dialog', { name: 'New Template' });
    const save = editor.getByRole('button', { name: 'Create Template' });
    await expect(save).toBeDisabled();
    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Default Subject').fill(subject);
    const content = editor.getByLabel('Content');
    await content.fill('안녕하세요 {{manager}}님,\n<script>window.__templateScriptRan = true</script>\n모델: ');
    // A placeholder button inserts at the cursor.
    await editor.getByRole('button', { name: '{{allModelNames}}' }).click();
    await expect(content).toHaveValue(/모델: \{\{allModelNames\}\}$/);
    await content.press('End');
    await content.pressSequentially('\n');
    await editor.getByRole('tab', { name: 'Profile & Contact' }).click();
    await editor.getByRole('button', { name: '{{postId}}' }).click();
    await editor
      .getByRole('radio', { name: 'Preview' })
      .or(editor.getByRole('button', { name: 'Preview' }))
      .first()
      .click();
    const preview = editor.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('Emily Carter (에밀리 카터), Lucas Martin (루카스 마틴)');
    await expect(preview).not.toContainText('__templateScriptRan');
    if (title === '프로필 안내') await checkScreen(page, 'template-editor');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(message(page, 'Template created successfully').first()).toBeVisible();
    await expect(dialog.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  }
  expect(await page.evaluate(() => (window as { __templateScriptRan?: boolean }).__templateScriptRan)).toBeUndefined();
  await checkScreen(page, 'email-templates');

  // The first template became the default; the second is made the default, then the first deleted.
  await dialog.getByRole('button', { name: 'Set as Default 짧은 안내' }).click();
  await expect(message(page, 'Default template updated successfully')).toBeVisible();
  await expect(dialog.getByRole('row', { name: /짧은 안내/ })).toContainText('Default');
  await dialog.getByRole('button', { name: 'Set as Default 프로필 안내' }).click();
  await expect(message(page, 'Default template updated successfully').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Add New' }).click();
  const scratch = page.getByRole('dialog', { name: 'New Template' });
  await scratch.getByLabel('Title').fill('지울 템플릿');
  await scratch.getByLabel('Default Subject').fill('삭제');
  await scratch.getByLabel('Content').fill('삭제될 내용');
  await scratch.getByRole('button', { name: 'Create Template' }).click();
  await dialog.getByRole('button', { name: 'Delete 지울 템플릿' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this template?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(message(page, 'Template deleted successfully')).toBeVisible();
  await expect(dialog.getByRole('row', { name: /지울 템플릿/ })).toHaveCount(0);
});

test('the model list adds, edits and deletes a model', async ({ page }) => {
  await page.goto(`/admin/dashboard/${accountId}`);
  await page.getByRole('button', { name: 'Model Templates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Model List' });
  await expect(dialog.getByRole('region', { name: 'Model cards' })).toContainText('E2E-101');
  await checkScreen(page, 'model-list');
  await dialog.getByRole('button', { name: 'Add New Model' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Model' });
  await form.getByLabel('Comcard Number').fill('E2E-900');
  await form.getByLabel('Name (English)').fill('Temp Model');
  await form.getByLabel('HTML URL').fill('not a link');
  await form.getByRole('button', { name: 'Add Model' }).click();
  await expect(form.getByText('HTML URL must be a web address starting with http:// or https://')).toBeVisible();
  await form.getByLabel('HTML URL').fill('https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp');
  await form.getByRole('button', { name: 'Add Model' }).click();
  const list = page.getByRole('dialog', { name: 'Model List' });
  await expect(list.getByRole('row', { name: /E2E-900/ })).toBeVisible();
  await list.getByRole('button', { name: 'Edit Temp Model' }).click();
  await page.getByRole('dialog', { name: 'Edit Model' }).getByLabel('Name (English)').fill('Temp Model Two');
  await page.getByRole('dialog', { name: 'Edit Model' }).getByRole('button', { name: 'Update Model' }).click();
  await expect(list.getByRole('row', { name: /Temp Model Two/ })).toBeVisible();
  await list.getByRole('button', { name: 'Delete Temp Model Two' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('이 모델을 삭제하시겠습니까?');
  await confirm.getByRole('button', { name: /Delete|삭제/ }).click();
  await expect(list.getByRole('row', { name: /E2E-900/ })).toHaveCount(0);
});

test('two staff members edit one model: the later save is refused, the form shows the saved values, and the edit is re-applied', async ({
  page,
  browser,
  superadminSession,
}) => {
  const nameEng = `Shared Model ${Date.now().toString(36)}`;
  await api.POST('/backend/api/v1/models', {
    ...bearer(superadminSession.token),
    body: { comcardNo: `E2E-${nameEng}`, nameEng, stage: 'Dancer' },
  });
  const colleague = await createAccount(superadminSession.token, 'admin', 'model-editor');
  const colleagueContext = await browser.newContext({
    storageState: sessionStorageState(await apiLogin(colleague.email, colleague.password)),
  });
  try {
    const openForm = async (on: Page) => {
      await on.goto(`/admin/dashboard/${accountId}`);
      await on.getByRole('button', { name: 'Model Templates' }).click();
      await on
        .getByRole('dialog', { name: 'Model List' })
        .getByRole('button', { name: `Edit ${nameEng}` })
        .click();
      return on.getByRole('dialog', { name: 'Edit Model' });
    };
    const colleaguePage = await colleagueContext.newPage();
    const mine = await openForm(page);
    const theirs = await openForm(colleaguePage);

    await theirs.getByLabel('Stage').fill('Choreographer');
    await theirs.getByRole('button', { name: 'Update Model' }).click();
    await expect(
      colleaguePage.getByRole('dialog', { name: 'Model List' }).getByRole('row', { name: new RegExp(nameEng) }),
    ).toContainText('Choreographer');

    await mine.getByLabel('Stage').fill('Ballet Dancer');
    await mine.getByLabel('Nationality').fill('Korea');
    await mine.getByRole('button', { name: 'Update Model' }).click();
    const notice = mine.getByRole('region', { name: 'Someone else saved this model while you were editing.' });
    await expect(notice).toContainText('Changed: Stage. The form shows the values saved now.');
    await expect(mine.getByLabel('Stage')).toHaveValue('Choreographer');
    await expect(mine.getByLabel('Nationality')).toHaveValue('');
    await expect(notice.getByRole('row', { name: 'Stage Choreographer Ballet Dancer' })).toBeVisible();
    await expect(notice.getByRole('row', { name: 'Nationality (empty) Korea' })).toBeVisible();
    // On a laptop's screen the choice is in view, not below the fold.
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(notice.getByRole('button', { name: 'Re-apply my edit' })).toBeInViewport();
    await checkScreen(page, 'model-form-stale-edit');
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/model-form-stale-edit-1366.png` });

    await notice.getByRole('button', { name: 'Re-apply my edit' }).click();
    const row = page.getByRole('dialog', { name: 'Model List' }).getByRole('row', { name: new RegExp(nameEng) });
    await expect(row).toContainText('Ballet Dancer');
    await expect(row).toContainText('Korea');
  } finally {
    await colleagueContext.close();
  }
});

test('models are selected for a post, and a Specify e-mail is sent with them, without the template’s script', async ({
  page,
}) => {
  await sandbox('DELETE', '/sandbox/gmail/messages');
  const card = await openPostCard(page, accountId, post);
  await card.getByRole('button', { name: 'Select Models' }).click();
  const picker = page.getByRole('dialog', { name: '콤카드 데이터' });
  await picker.getByLabel('Search').fill('E2E-10');
  const table = picker.getByRole('grid', { name: 'Model cards' });
  await table.getByRole('row', { name: /E2E-101/ }).click();
  await table.getByRole('row', { name: /E2E-102/ }).click();
  await expect(picker).toContainText(/2 selected/);
  await checkScreen(page, 'model-picker');
  await picker.getByRole('button', { name: 'Finish Selection' }).click();
  await expect(picker).toBeHidden();

  await card.getByRole('button', { name: 'Specify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Model Information' });
  await expect(dialog).toContainText(post.postId);
  await expect(dialog.getByRole('region', { name: 'Selected models' })).toContainText('E2E-101');
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await expect(dialog.getByText('Please select an email template')).toBeVisible();
  await dialog.getByLabel('Customer Email').fill(RECIPIENT);
  await dialog.getByRole('button', { name: /Template/ }).click();
  await page.getByRole('option', { name: /프로필 안내/ }).click();
  await expect(dialog.getByLabel('Subject')).toHaveValue('[JOB CASTING] {{postId}} 프로필 {{modelCount}}명');
  const preview = dialog.getByTestId('email-preview');
  await expect(preview).toContainText('Emily Carter (에밀리 카터), Lucas Martin (루카스 마틴)');
  await checkScreen(page, 'send-specify');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(message(page, 'Email sent successfully!').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const [mail] = await sandbox<SentMail[]>('GET', '/sandbox/gmail/messages');
  expect(mail.subject).toBe(`[JOB CASTING] ${post.postId} 프로필 2명`);
  expect(mail.to.map((to) => to.address)).toEqual([RECIPIENT]);
  expect(mail.html).toContain('Emily Carter (에밀리 카터), Lucas Martin (루카스 마틴)');
  expect(mail.html).not.toContain('<script');
  expect(mail.html).not.toContain('__templateScriptRan');

  await expect(card).toContainText('Email has been sent for this posting');
  await page.goto('/admin/sent-emails');
  await expect(page.getByRole('article', { name: post.title }).first()).toBeVisible();
});

test('a Simple e-mail sends the default template; Quick Message opens the sender with the post’s phone', async ({
  page,
  superadminSession,
}) => {
  await sandbox('DELETE', '/sandbox/gmail/messages');
  const selection = { ...bearer(superadminSession.token), params: { path: { postId: post.postId } } };
  const selected = (await api.GET('/backend/api/v1/posts/{postId}/selected-models', selection)).data ?? [];
  expect(selected).toHaveLength(2);
  // Without selected models, Simple refuses with the server's reason instead of mailing an empty list.
  await api.PUT('/backend/api/v1/posts/{postId}/selected-models', { ...selection, body: { modelIds: [] } });
  let card = await openPostCard(page, accountId, post);
  await card.getByRole('button', { name: 'Simple' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Quick Email' });
  await expect(dialog).toContainText('프로필 안내 (default)');
  await dialog.getByLabel('Customer Email').fill(RECIPIENT);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    dialog.getByText(
      'Failed to send email: No models selected. Choose the models for this post with Select Models before sending.',
    ),
  ).toBeVisible();
  expect(await sandbox<SentMail[]>('GET', '/sandbox/gmail/messages')).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await api.PUT('/backend/api/v1/posts/{postId}/selected-models', {
    ...selection,
    body: { modelIds: selected.map((model) => model.id) },
  });
  card = await openPostCard(page, accountId, post);
  await card.getByRole('button', { name: 'Simple' }).click();
  await expect(dialog).toContainText('프로필 안내 (default)');
  // A test copy to the staff member first: the same e-mail, to their own address.
  await dialog.getByRole('button', { name: 'Send Test to Me' }).click();
  await expect(
    dialog.getByRole('status').filter({ hasText: `Test e-mail sent to ${superadmin.email}.` }),
  ).toBeVisible();
  const [test] = await sandbox<SentMail[]>('GET', '/sandbox/gmail/messages');
  expect(test.to.map((to) => to.address)).toEqual([superadmin.email]);
  expect(test.subject).toBe(`[TEST] [JOB CASTING] ${post.postId} 프로필 2명`);
  await sandbox('DELETE', '/sandbox/gmail/messages');
  await dialog.getByLabel('Customer Email').fill(RECIPIENT);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(message(page, 'Email sent successfully!').first()).toBeVisible();
  const [mail] = await sandbox<SentMail[]>('GET', '/sandbox/gmail/messages');
  expect(mail.subject).toBe(`[JOB CASTING] ${post.postId} 프로필 2명`);

  await card.getByRole('button', { name: 'Quick Message' }).click();
  await expect(page).toHaveURL(/\/admin\/message-sender\?phoneNumber=/);
});
