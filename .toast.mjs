import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [w, h] of [[1366, 768], [390, 844]]) {
  const page = await (await browser.newContext({ viewport: { width: w, height: h } })).newPage();
  await page.goto('http://127.0.0.1:3101/public/enrollment/14');
  await page.getByRole('button', { name: 'Registrar Inscripción' }).click();
  const toast = page.locator('.mantine-Notification-root').first();
  await toast.waitFor();
  await page.waitForTimeout(400);
  console.log(w, JSON.stringify(await toast.boundingBox()), await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id), await page.evaluate(() => window.scrollY));
  await page.screenshot({ path: `/tmp/shots/toast-${w}.png` });
}
await browser.close();
