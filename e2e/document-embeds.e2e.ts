/** Documents: links to items, mentions, images and files in a page, in the editor and published. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { launchChromium, screenshot } from './browser';
import { editorOf, textOf, writerAndArabicReader } from './documents-setup';
import { apiCall } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

test('a link to another page and a mention are picked by keyboard; the link shows that page’s title as it is now, live in Arabic and dark for the other reader, and opens it', async () => {
  const { writer, reader, ben } = await writerAndArabicReader(browser, ['Ada Links', 'Ben Links']);
  await editorOf(writer.page).focus();
  await writer.page.keyboard.type('Before you leave, read ');
  await writer.page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Link to an item' })
    .click();
  const search = writer.page.getByRole('combobox', { name: 'Find an item to link' });
  await expect
    .poll(() => writer.page.evaluate(() => document.activeElement?.getAttribute('role')))
    .toBe('combobox');
  await search.pressSequentially('Holi');
  // The open page is not offered; the other is, once the search has answered.
  const options = writer.page.getByRole('listbox', { name: 'Items' }).getByRole('option');
  await expect.poll(() => options.allInnerTexts()).toEqual(['Holidays']);
  await search.press('Enter');
  await expect.poll(() => search.count()).toBe(0);
  await writer.page.keyboard.type('first. Ask @Be');
  // A member is mentioned from the list "@" opens, by keyboard.
  const mentionList = writer.page.getByRole('listbox', { name: 'People to mention' });
  await expect.poll(() => mentionList.getByRole('option').allInnerTexts()).toEqual(['Ben Links']);
  await writer.page.keyboard.press('Enter');
  await writer.page.keyboard.type('anything.');
  const writerLink = editorOf(writer.page).getByRole('link', { name: 'Holidays' });
  await writerLink.waitFor();
  await expect
    .poll(() => textOf(writer.page))
    .toBe('Before you leave, read Holidays first. Ask @Ben Links anything.');
  await expect
    .poll(() => editorOf(reader.page).locator('[data-type="mention"]').getAttribute('data-label'))
    .toBe('Ben Links');
  const readerLink = editorOf(reader.page).getByRole('link', { name: 'Holidays' });
  await readerLink.waitFor();

  // Renamed by the other reader, the link follows at once for both.
  await reader.page
    .getByRole('navigation', { name: 'الصفحات' })
    .getByRole('button', { name: 'Holidays' })
    .click();
  const title = reader.page.getByRole('textbox', { name: 'عنوان الصفحة' });
  await expect.poll(() => title.inputValue()).toBe('Holidays');
  await title.fill('العطلات الرسمية');
  await title.press('Enter');
  await editorOf(writer.page).getByRole('link', { name: 'العطلات الرسمية' }).waitFor();
  await reader.page
    .getByRole('navigation', { name: 'الصفحات' })
    .getByRole('button', { name: 'Onboarding' })
    .click();
  await editorOf(reader.page).getByRole('link', { name: 'العطلات الرسمية' }).waitFor();
  await screenshot(reader.page, 'document-item-link-ar-dark');
  expect(await seriousViolations(reader.page)).toEqual([]);

  // Followed, the link opens the page in the view.
  await editorOf(writer.page).getByRole('link', { name: 'العطلات الرسمية' }).click();
  await expect
    .poll(() => writer.page.getByRole('textbox', { name: 'Page title' }).inputValue())
    .toBe('العطلات الرسمية');
  expect(writer.page.url()).toMatch(/[?&]page=/);

  // A mention shows the member's name as it is now, as comments do.
  await apiCall(baseUrl, ben.token, 'PUT', '/api/me', { name: 'Benjamin Links' });
  await writer.page.reload();
  await writer.page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: 'Onboarding' })
    .click();
  await expect
    .poll(() => textOf(writer.page))
    .toBe('Before you leave, read العطلات الرسمية first. Ask @Benjamin Links anything.');
  expect(writer.problems).toEqual([]);
  expect(reader.problems).toEqual([]);
  await writer.context.close();
  await reader.context.close();
});

/** A real PNG of a coloured square, drawn by the browser (the server keeps images by their bytes). */
async function squarePng(page: Page): Promise<Buffer> {
  const url = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 48;
    canvas.height = 32;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#4f46e5';
    context.fillRect(0, 0, 48, 32);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(url.split(',')[1]!, 'base64');
}

/** The image named `name` in the page's body has been drawn (its bytes were read and decoded). */
const imageShown = (page: Page, name: string) =>
  editorOf(page)
    .getByRole('img', { name })
    .evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth);

test('an image and a file are uploaded into a page, and images pasted and dropped: shown in place for both readers (Arabic and dark too), and on its published page to anyone', async () => {
  const { writer, reader } = await writerAndArabicReader(browser, ['Ada Images', 'Ben Images']);
  await editorOf(writer.page).focus();
  await writer.page.keyboard.type('Our logo and brief:');
  await writer.page.keyboard.press('Enter');
  await writer.page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Insert an image or a file' })
    .click();
  await writer.page.getByLabel('Upload from this device').setInputFiles([
    { name: 'logo.png', mimeType: 'image/png', buffer: await squarePng(writer.page) },
    { name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 brief') },
  ]);
  await expect.poll(() => imageShown(writer.page, 'logo.png'), { timeout: 10_000 }).toBe(48);
  await editorOf(writer.page).getByRole('button', { name: 'Download brief.pdf' }).waitFor();
  await expect.poll(() => imageShown(reader.page, 'logo.png'), { timeout: 10_000 }).toBe(48);
  await editorOf(reader.page)
    .getByRole('button', { name: /brief\.pdf/ })
    .waitFor();
  // Pasted and dropped from elsewhere, an image is uploaded and placed too.
  const png = (await squarePng(writer.page)).toString('base64');
  for (const [kind, name] of [
    ['paste', 'pasted.png'],
    ['drop', 'dropped.png'],
  ] as const)
    await editorOf(writer.page).evaluate(
      (editor, { kind, name, png }) => {
        const data = new DataTransfer();
        const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], name, { type: 'image/png' }));
        const box = editor.getBoundingClientRect();
        const event =
          kind === 'paste'
            ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
            : new DragEvent('drop', {
                dataTransfer: data,
                clientX: box.left + 20,
                clientY: box.top + 10,
                bubbles: true,
                cancelable: true,
              });
        editor.dispatchEvent(event);
      },
      { kind, name, png },
    );
  await expect.poll(() => imageShown(reader.page, 'pasted.png'), { timeout: 10_000 }).toBe(48);
  await expect.poll(() => imageShown(reader.page, 'dropped.png'), { timeout: 10_000 }).toBe(48);
  await screenshot(reader.page, 'document-image-ar-dark');
  expect(await seriousViolations(reader.page)).toEqual([]);

  await writer.page.getByRole('switch', { name: 'Publish to the web' }).check();
  const link = await writer.page.getByRole('textbox', { name: 'Public link' }).inputValue();
  const anyone = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await anyone.newPage();
  // The switch and the page's files reach the server a moment after they show.
  await expect
    .poll(
      async () => {
        const response = await page.goto(link);
        return response?.status() === 200 ? page.locator('main img').count() : response?.status();
      },
      { timeout: 15_000 },
    )
    .toBe(3);
  const image = page.getByRole('img', { name: 'logo.png' });
  await expect.poll(() => image.evaluate((shown) => (shown as HTMLImageElement).naturalWidth)).toBe(48);
  const brief = await page.getByRole('link', { name: 'brief.pdf' }).getAttribute('href');
  const download = await page.request.get(brief!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment/);
  expect(await seriousViolations(page)).toEqual([]);
  expect(writer.problems).toEqual([]);
  expect(reader.problems).toEqual([]);
  await anyone.close();
  await writer.context.close();
  await reader.context.close();
});
