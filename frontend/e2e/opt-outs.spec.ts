import { checkScreen, expect, message, test, useSuperadminSession } from './support.ts';

useSuperadminSession();

/** Mobile numbers of this run: 010-9xxx-xxxx, different on every run so that the register's history never collides. */
function runNumbers(count: number): string[] {
  const start = 90_000_000 + (Date.now() % 9_000_000);
  return Array.from({ length: count }, (_, i) => {
    const digits = String(start + i * 7);
    return `010-${digits.slice(0, 4)}-${digits.slice(4)}`;
  });
}

test('staff record opt-outs one at a time, as a pasted list and from a previewed CSV, find them and withdraw one', async ({
  page,
}) => {
  const [single, pastedA, pastedB, fromFileA, fromFileB] = runNumbers(5);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/admin/email-accounts');
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('dialog', { name: '메뉴' }).getByRole('button', { name: 'Opt-outs (수신거부)' }).click();
  await expect(page).toHaveURL(/\/admin\/opt-outs$/);
  await expect(page.getByRole('heading', { name: 'Opt-outs (수신거부)' })).toBeVisible();

  // One, from the person's own request.
  await page.getByLabel('Phone number or e-mail', { exact: true }).fill(single);
  await page.getByLabel(/^Note/).fill('전화로 요청');
  await page.getByRole('button', { name: 'Record Opt-out' }).click();
  await expect(message(page, `Recorded: ${single} opted out.`)).toBeVisible();
  const register = page.getByRole('region', { name: /^Register/ });
  await expect(register.getByRole('row', { name: new RegExp(single) })).toContainText('In force');
  await expect(register.getByRole('row', { name: new RegExp(single) })).toContainText("The person's own request");

  // A pasted list: each bad line is reported by its number.
  await page.getByRole('radio', { name: 'Paste a list' }).click();
  await page.getByLabel('Phone numbers or e-mail addresses, one a line').fill(`${pastedA}\n김민준\n${pastedB}`);
  await page.getByRole('button', { name: 'Record List' }).click();
  await expect(message(page, '2 recorded · 0 already opted out · 1 line rejected')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rejected lines' })).toContainText('Line 2');

  // A CSV file (the 080 service's export): previewed, then imported.
  await page.getByRole('radio', { name: 'CSV file' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: '080-export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `수신거부번호,일시\n${fromFileA},2026-11-20\n${fromFileB},2026-11-21\n${single},2026-11-22\n없는번호,2026-11-23\n`,
    ),
  });
  await expect(message(page, 'In the file: 2 to record · 1 already opted out · 1 line rejected')).toBeVisible();
  await expect(register.getByRole('row', { name: new RegExp(fromFileA) })).toHaveCount(0);
  // Every row's action is in view at 1366 px.
  await expect(register.getByRole('button', { name: `Withdraw the opt-out of ${single}` })).toBeInViewport();
  await checkScreen(page, 'opt-outs-csv-preview-1366');
  await page.getByRole('button', { name: 'Import 2 Opt-outs' }).click();
  await expect(message(page, 'Imported 080-export.csv: 2 recorded.')).toBeVisible();
  await expect(register.getByRole('row', { name: new RegExp(fromFileA) })).toContainText('080 line');

  // Found by any written form of the number, then withdrawn with a reason: it stays listed.
  await register.getByLabel('Find a phone number or e-mail').fill(`+82 ${pastedA.slice(1).replaceAll('-', ' ')}`);
  await register.getByRole('button', { name: 'Search' }).click();
  await expect(register.getByRole('row')).toHaveCount(2);
  await register.getByRole('button', { name: `Withdraw the opt-out of ${pastedA}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Withdraw Opt-out' });
  await dialog.getByLabel('Why').fill('다시 받기를 원함');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(register.getByRole('row', { name: new RegExp(pastedA) })).toContainText('Withdrawn');
  await expect(register.getByRole('row', { name: new RegExp(pastedA) })).toContainText('다시 받기를 원함');

  await page.setViewportSize({ width: 1440, height: 900 });
  await checkScreen(page, 'opt-outs-1440');
});
