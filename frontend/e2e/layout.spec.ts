import type { Locator, Page } from '@playwright/test';
import { bearer, officeSender, phoneNumbers, sandboxUrl, seedBook } from './messaging-support.ts';
import { api, checkScreen, expect, test, useSuperadminSession } from './support.ts';

// Data screens at the two window sizes staff use: they take the window's width, their tables keep the header, the
// selection and name, and the row actions in view while the rows scroll either way.

useSuperadminSession();
test.describe.configure({ mode: 'serial' });

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
] as const;

/** Side padding of a data screen (lg:px-8) on each side, plus a pixel of rounding. */
const SIDE_PADDING = 2 * 32 + 1;

const freshPhone = phoneNumbers('0106');
const NAMES = ['김민준', '이서연', '박지후', '최수아', '정예준', '강하은', '조도윤', '윤지우', '장시우', '임서윤'];
const CONTACTS = Array.from({ length: 40 }, (_, index) => ({
  contactName: `${NAMES[index % NAMES.length]}${index + 1}`,
  phoneNumber: freshPhone(),
  email: `actor.${index + 1}@casting-agency.example`,
  definition1: '장기 계약 배우 후보',
  chatWindowName: `캐스팅 ${index + 1}`,
}));
const MODEL = {
  comcardNo: 'E2E-LAYOUT-1',
  nameEng: 'Alexandra Montgomery-Smith',
  nameKor: '알렉산드라 몽고메리 스미스',
  national: 'United Kingdom',
  stage: 'Alexandra M.',
};
const TEMPLATE = {
  title: '레이아웃 확인 템플릿',
  subject: '[JOB CASTING] {{postId}} 프로필 안내 — 아주 긴 제목으로 표의 너비를 시험합니다',
  template: '안녕하세요 {{manager}}님,\n프로필을 보내드립니다.',
};

let book: Awaited<ReturnType<typeof seedBook>>;
let modelId: number | undefined;
let templateId: number | undefined;
let sendId: number | undefined;

test.beforeAll(async ({ superadminSession }) => {
  const auth = bearer(superadminSession.token);
  book = await seedBook(superadminSession.token, CONTACTS, 'layout');
  const models = (await api.GET('/backend/api/v1/models', auth)).data ?? [];
  modelId =
    models.find((model) => model.comcardNo === MODEL.comcardNo)?.id ??
    (await api.POST('/backend/api/v1/models', { ...auth, body: MODEL })).data?.id;
  templateId = (
    await api.POST('/backend/api/v1/email-templates', {
      ...auth,
      body: { ...TEMPLATE, isActive: true, attachComcards: false },
    })
  ).data?.id;
  // A full page of opt-outs (more than the register's scroll area holds), of numbers nobody messages.
  const optOuts = Array.from({ length: 20 }, () => freshPhone()).join('\n');
  await api.POST('/backend/api/v1/opt-outs/bulk', {
    ...auth,
    body: { text: optOuts, channel: 'sms', source: 'staff', note: '레이아웃 확인' },
  });
  if (sandboxUrl) {
    await officeSender(superadminSession.token);
    const send = await api.POST('/backend/api/v1/message-sends', {
      ...auth,
      body: {
        channel: 'sms',
        scheduledAt: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
        recipients: [
          { phone: CONTACTS[0]!.phoneNumber, name: CONTACTS[0]!.contactName, text: '레이아웃 확인 예약 문자' },
        ],
      },
    });
    sendId = send.data?.id;
  }
});

test.afterAll(async ({ superadminSession }) => {
  const auth = bearer(superadminSession.token);
  if (templateId !== undefined)
    await api.DELETE('/backend/api/v1/email-templates/{id}', { ...auth, params: { path: { id: templateId } } });
  if (sendId !== undefined)
    await api.POST('/backend/api/v1/message-sends/{id}/cancel', { ...auth, params: { path: { id: sendId } } });
  if (modelId !== undefined)
    await api.DELETE('/backend/api/v1/models/{id}', { ...auth, params: { path: { id: modelId } } });
});

/** The content column grows with the window: all of it but the side padding. */
async function expectFullWidth(page: Page, width: number): Promise<void> {
  const main = await page.locator('main').boundingBox();
  expect(main!.width).toBeGreaterThanOrEqual(width - SIDE_PADDING);
}

/** Brings the whole scroll area into the window (its height fits under the app's header), then scrolls it. */
async function scrollTable(table: Locator, to: { top?: 'end'; left?: 'end' }): Promise<void> {
  await table.evaluate((element, where) => {
    element.scrollIntoView({ block: 'end' });
    if (where.top) element.scrollTop = element.scrollHeight;
    if (where.left) element.scrollLeft = element.scrollWidth;
  }, to);
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    test('the contact table keeps selection, name and row actions in view while it scrolls both ways', async ({
      page,
    }) => {
      await page.goto('/admin/contact-book');
      await page.getByRole('button', { name: /Address book/ }).click();
      await page.getByRole('option', { name: new RegExp(`^${book.name} \\(`) }).click();
      const first = CONTACTS[0]!.contactName;
      const table = page.getByRole('table', { name: 'Contacts' });
      await expect(table.getByRole('textbox', { name: `Name of ${first}`, exact: true })).toHaveValue(first);
      await expectFullWidth(page, viewport.width);
      // Far wider than the window (19 columns), yet its row actions are at hand without scrolling.
      expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await expect(table.getByRole('button', { name: `Delete ${first}`, exact: true })).toBeInViewport();
      await expect(table.getByRole('button', { name: `Edit ${first}`, exact: true })).toBeInViewport();
      // The table leaves room for the groups' buttons and the actions under it.
      await expect(page.getByRole('button', { name: 'Add Contact' })).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Delete Group' })).toBeInViewport();
      await checkScreen(page, `layout-contact-book-${size}`);

      // Scrolled to its last column and its last row: the header, the check box and the name stay.
      await scrollTable(table, { top: 'end', left: 'end' });
      const last = CONTACTS.at(-1)!.contactName;
      await expect(table.getByRole('checkbox', { name: `Select ${last}`, exact: true })).toBeInViewport();
      await expect(table.getByRole('textbox', { name: `Name of ${last}`, exact: true })).toBeInViewport();
      await expect(table.getByRole('button', { name: `Delete ${last}`, exact: true })).toBeInViewport();
      await expect(table.getByRole('checkbox', { name: 'Select All' })).toBeInViewport();
      await expect(table.getByRole('columnheader', { name: 'Phone Number' })).toBeAttached();
      await expect(table.getByRole('columnheader', { name: 'Delete' })).toBeInViewport();
      await expect(table.getByRole('textbox', { name: `Email of ${last}`, exact: true })).not.toBeInViewport();
    });

    test('the opt-out register keeps its header over a long page of rows', async ({ page }) => {
      await page.goto('/admin/opt-outs');
      const table = page.getByRole('region', { name: 'Opt-outs', exact: true });
      await expect(table.getByRole('row')).toHaveCount(21);
      await expectFullWidth(page, viewport.width);
      await checkScreen(page, `layout-opt-outs-${size}`);
      const withdraws = table.getByRole('button', { name: /^Withdraw the opt-out of/ });
      await scrollTable(table, { top: 'end' });
      await expect(withdraws.last()).toBeInViewport();
      await expect(withdraws.first()).not.toBeInViewport();
      await expect(table.getByRole('columnheader', { name: 'Phone or e-mail' })).toBeInViewport();
    });

    test('the dashboard takes the window width, as cards and as a list', async ({ page }) => {
      await page.goto('/admin/dashboard');
      await expectFullWidth(page, viewport.width);
      await checkScreen(page, `layout-dashboard-${size}`);
      // The posts as a compact list: the same width and the same accessibility scan.
      await page.getByRole('radio', { name: 'List' }).click();
      await expect(page.getByRole('grid', { name: 'Posts' }).or(page.getByText('No Data Available'))).toBeVisible();
      await expectFullWidth(page, viewport.width);
      await checkScreen(page, `layout-dashboard-list-${size}`);
      await page.getByRole('radio', { name: 'Cards' }).click();
      await expect(page.getByRole('radio', { name: 'Cards' })).toBeChecked();
    });

    test('the model list and the e-mail templates keep their row actions in view', async ({ page }) => {
      await page.goto('/admin/dashboard');
      await page.getByRole('button', { name: 'Model Templates' }).click();
      const models = page.getByRole('dialog', { name: 'Model List' });
      const row = models.getByRole('row', { name: new RegExp(MODEL.comcardNo) });
      await row.scrollIntoViewIfNeeded();
      await expect(row.getByRole('cell', { name: MODEL.nameKor })).toHaveCSS('white-space', 'nowrap');
      await expect(row.getByRole('button', { name: `Delete ${MODEL.nameEng}` })).toBeInViewport();
      await expect(row.getByRole('button', { name: `Edit ${MODEL.nameEng}` })).toBeInViewport();
      await checkScreen(page, `layout-model-list-${size}`);
      await page.keyboard.press('Escape');
      await expect(models).toBeHidden();

      await page.getByRole('button', { name: 'Email Templates' }).click();
      const templates = page.getByRole('dialog', { name: 'Email Templates' });
      const template = templates.getByRole('row', { name: new RegExp(TEMPLATE.title) });
      await template.scrollIntoViewIfNeeded();
      for (const action of ['Edit', 'Set as Default', 'Delete'])
        await expect(template.getByRole('button', { name: `${action} ${TEMPLATE.title}` })).toBeInViewport();
      await checkScreen(page, `layout-email-templates-${size}`);
    });

    test('the sender, results and users screens take the window width with their actions in view', async ({ page }) => {
      await page.goto('/admin/message-sender');
      await expect(page.getByRole('heading', { name: 'Message Sender', level: 1 })).toBeVisible();
      await expectFullWidth(page, viewport.width);
      await checkScreen(page, `layout-message-sender-${size}`);

      await page.goto('/admin/message-results');
      await expect(page.getByRole('heading', { name: 'Message Results', level: 1 })).toBeVisible();
      await expectFullWidth(page, viewport.width);
      if (sandboxUrl) {
        const sends = page.getByRole('region', { name: 'Sends' });
        await expect(sends.getByRole('button', { name: /^Details of the send/ }).first()).toBeInViewport();
        await expect(sends.getByRole('button', { name: /^Cancel the send/ }).first()).toBeInViewport();
      }
      await checkScreen(page, `layout-message-results-${size}`);

      await page.goto('/admin/users');
      const users = page.getByRole('region', { name: 'Users' });
      await expect(users.getByRole('row').nth(1)).toBeVisible();
      await expectFullWidth(page, viewport.width);
      await expect(users.getByRole('button', { name: /^Delete / }).first()).toBeInViewport();
      await checkScreen(page, `layout-users-${size}`);

      await page.goto('/admin/outreach');
      await expectFullWidth(page, viewport.width);
      await checkScreen(page, `layout-outreach-${size}`);

      // A form keeps a readable column.
      await page.goto('/admin/profile');
      await expect(page.getByRole('heading', { name: 'Update Profile' })).toBeVisible();
      expect((await page.locator('main').boundingBox())!.width).toBeLessThanOrEqual(1152);
    });
  });
}
