import {
  bearer,
  editor,
  hyphenated,
  officeSender,
  OFFICE,
  phoneNumbers,
  sandboxUrl,
  seedBook,
} from './messaging-support.ts';
import { api, checkScreen, expect, message, test, useSuperadminSession } from './support.ts';

// The review before a send (the spec's step 3, Confirm Sender List): an advertisement to three contacts of a book,
// one opted out and one without a recorded consent, reviewed and sent to the one left. The opt-out and the consent
// are recorded through the API, as the register's own screens would.
/** The free opt-out number the journeys' back end carries (infra/scripts/lib/aligo.ts). */
const OPT_OUT_NUMBER = '080-000-0000';

useSuperadminSession();
test.skip(!sandboxUrl, 'E2E_ALIGO_SANDBOX_URL is not set: the Aligo sandbox is not running');

const freshPhone = phoneNumbers('0108');

test('an advertisement is reviewed, leaving out an opted-out contact and one without consent, and sent as reviewed', async ({
  page,
  superadminSession,
}) => {
  const token = superadminSession.token;
  await officeSender(token);
  const [consented, optedOut, noConsent] = [freshPhone(), freshPhone(), freshPhone()];
  const book = await seedBook(token, [
    { contactName: '김동의', phoneNumber: hyphenated(consented) },
    { contactName: '이수신거부', phoneNumber: hyphenated(optedOut) },
    { contactName: '박미동의', phoneNumber: hyphenated(noConsent) },
  ]);
  const idOf = (name: string) => book.contacts.find((contact) => contact.contactName === name)!.id;
  for (const name of ['김동의', '이수신거부']) {
    const consent = await api.PUT('/backend/api/v1/contacts/{id}/consent', {
      ...bearer(token),
      params: { path: { id: idOf(name) } },
      body: { given: true, source: '모델 지원서' },
    });
    expect(consent.response.status).toBe(200);
  }
  const optOut = await api.POST('/backend/api/v1/opt-outs', {
    ...bearer(token),
    body: { address: hyphenated(optedOut), channel: 'sms', source: '080' },
  });
  expect(optOut.response.status).toBe(201);

  await page.goto('/admin/contact-book');
  await page.getByRole('button', { name: /Address book/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${book.name} \\(`) }).click();
  for (const name of ['김동의', '이수신거부', '박미동의'])
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Send Selected Items' }).click();
  await page.getByRole('alertdialog', { name: 'Send Selected Items' }).getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/admin\/message-sender$/);
  await expect(page.getByText(/Selected\s*0\s*Total\s*3/)).toBeVisible();

  const stamp = Date.now().toString(36);
  await editor(page).fill(`{{Name}}님, 12월 화보 모델을 모집합니다. ${stamp}`);
  await page.getByRole('checkbox', { name: 'Select all recipients' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(message(page, 'Message applied to 3 contacts.').first()).toBeVisible();
  await page.getByRole('radio', { name: 'Advertising' }).click();
  await expect(page.getByRole('radio', { name: 'Advertising' })).toBeChecked();
  // Advertising may not go out at night (21:00 to 08:00 in Korea): the send is scheduled for 10:30 tomorrow, Korean
  // time, so that the journey is the same at any hour.
  await page.getByRole('radio', { name: 'Scheduled' }).click();
  await page.getByRole('button', { name: 'Sending date: Select Date' }).click();
  await expect(page.getByRole('application', { name: /Sending date/ })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(
    new Date(Date.now() + 24 * 3600 * 1000),
  );
  await expect(page.getByRole('button', { name: `Sending date: ${tomorrow}` })).toHaveText(tomorrow);
  await page.getByRole('group', { name: 'Sending time of day' }).getByRole('spinbutton').first().click();
  await page.keyboard.type('1030');

  await page.getByRole('button', { name: 'Start Sending' }).click();
  const review = page.getByRole('alertdialog', { name: 'Confirm Sender List' });
  const framed = `(광고)${OFFICE.name} 김동의님, 12월 화보 모델을 모집합니다. ${stamp}\n무료수신거부 ${OPT_OUT_NUMBER}`;
  const messages = review.getByRole('list', { name: 'Messages as they will arrive' });
  await expect(messages.getByRole('listitem')).toHaveCount(1);
  await expect(messages.getByRole('listitem').locator('p')).toHaveText(framed);
  await expect(review.getByRole('definition')).toHaveText(['1', '1', '2', /^₩[\d.,]+$/]);
  const leftOut = review.getByRole('table', { name: 'Recipients left out' });
  await expect(leftOut.getByRole('row').filter({ hasText: '이수신거부' })).toContainText(
    `${hyphenated(optedOut)}이수신거부Opted out (수신거부)`,
  );
  await expect(leftOut.getByRole('row').filter({ hasText: '박미동의' })).toContainText(
    `${hyphenated(noConsent)}박미동의No advertising consent`,
  );
  await expect(review.getByRole('region', { name: 'Remaining at the gateway' })).toContainText(
    /SMS [\d,]+, LMS [\d,]+, MMS [\d,]+/,
  );
  await expect(review.getByRole('region', { name: 'Messages by type' })).toContainText(
    /^Messages by type(SMS|LMS) 1 × ₩[\d.]+$/,
  );

  // The whole review, Send included, is in sight on a laptop's screen and a larger one.
  for (const [width, height] of [
    [1366, 768],
    [1440, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await expect(review.getByRole('button', { name: 'Send' })).toBeInViewport();
    await expect(review.getByRole('button', { name: 'Close' })).toBeInViewport();
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/send-review-${width}x${height}.png` });
  }
  await checkScreen(page, 'send-review');

  // A double press sends once.
  await review.getByRole('button', { name: 'Send' }).dblclick();
  const results = page.getByRole('dialog', { name: 'Sending Results' });
  await expect(results).toContainText(`Scheduled for ${tomorrow} 10:30 (Korean time): 1 message will be sent then.`);
  await results.getByRole('button', { name: 'Confirm' }).click();

  // The send is what was reviewed: the one text, and the two left out with their reasons.
  const sends = await api.GET('/backend/api/v1/message-sends', {
    ...bearer(token),
    params: { query: { page: 1, pageSize: 20 } },
  });
  const made = (sends.data?.data ?? []).filter((send) => send.preview.includes(stamp));
  expect(made).toHaveLength(1);
  const [send] = made;
  expect(send).toMatchObject({ advertising: true, state: 'scheduled', total: 1 });
  expect(send.excluded).toEqual([
    { phone: optedOut, name: '이수신거부', reason: 'opted-out' },
    { phone: noConsent, name: '박미동의', reason: 'no-consent' },
  ]);
  const deliveries = await api.GET('/backend/api/v1/message-sends/{id}/deliveries', {
    ...bearer(token),
    params: { path: { id: send.id } },
  });
  expect(deliveries.data?.data.map(({ phone, text }) => ({ phone, text }))).toEqual([
    { phone: consented, text: framed },
  ]);
  // Tomorrow's advertisement is not the journey's to send.
  await api.POST('/backend/api/v1/message-sends/{id}/cancel', { ...bearer(token), params: { path: { id: send.id } } });
});

test('a long review keeps Close and Send in sight while it scrolls, and pages its messages', async ({
  page,
  superadminSession,
}) => {
  const token = superadminSession.token;
  await officeSender(token);
  const book = await seedBook(
    token,
    Array.from({ length: 60 }, (_, i) => ({
      contactName: `배우${String(i + 1).padStart(2, '0')}`,
      phoneNumber: hyphenated(freshPhone()),
    })),
  );
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/admin/contact-book');
  await page.getByRole('button', { name: /Address book/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${book.name} \\(`) }).click();
  await page.getByRole('checkbox', { name: 'Select All' }).check();
  await page.getByRole('button', { name: 'Send Selected Items' }).click();
  await page.getByRole('alertdialog', { name: 'Send Selected Items' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/Selected\s*0\s*Total\s*60/)).toBeVisible();
  await editor(page).fill('{{Name}}님, 내일 오후 2시 강남 스튜디오 오디션입니다. 회신 부탁드립니다.');
  await page.getByRole('checkbox', { name: 'Select all recipients' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'Start Sending' }).click();

  const review = page.getByRole('alertdialog', { name: 'Confirm Sender List' });
  const messages = review.getByRole('list', { name: 'Messages as they will arrive' });
  await expect(messages.getByRole('listitem')).toHaveCount(50);
  await expect(review.getByRole('definition').first()).toHaveText('60');
  const pages = review.getByRole('navigation', { name: 'Pages of the messages' });
  await expect(pages).toContainText('1–50 of 60');
  await expect(review.getByRole('button', { name: 'Send' })).toBeInViewport();
  // Scrolled to the end of the list, the buttons are where they were.
  await pages.getByRole('button', { name: 'Next' }).scrollIntoViewIfNeeded();
  await expect(review.getByRole('button', { name: 'Send' })).toBeInViewport();
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/send-review-long-1366x768.png` });
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('51–60 of 60');
  await expect(messages.getByRole('listitem')).toHaveCount(10);
  await expect(messages.getByRole('listitem').first()).toContainText('배우51님, 내일 오후 2시');
  await review.getByRole('button', { name: 'Close' }).click();
  await expect(review).toBeHidden();
});
