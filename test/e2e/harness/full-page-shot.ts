import type { Page } from '@playwright/test';

/** Minimal DOM typing for code run in the page (the node tsconfig has no DOM lib). */
interface PageDom {
  document: { querySelectorAll(selector: string): Iterable<{ scrollHeight: number; clientHeight: number }> };
  getComputedStyle(element: unknown): { overflowY: string };
}

/**
 * A picture of everything the user can reach by scrolling: the shell scrolls
 * its own panel, not the page, so the window grows for the picture and
 * shrinks back. The pointer is parked in a corner (no hover) and the caret hidden.
 */
export async function fullPageShot(page: Page, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.mouse.move(viewport.width - 1, viewport.height - 1);
  const extra = await page.evaluate(() => {
    const dom = globalThis as unknown as PageDom;
    let most = 0;
    for (const element of dom.document.querySelectorAll('body *')) {
      if (/auto|scroll/.test(dom.getComputedStyle(element).overflowY))
        most = Math.max(most, element.scrollHeight - element.clientHeight);
    }
    return most;
  });
  if (extra > 0) await page.setViewportSize({ width: viewport.width, height: viewport.height + extra });
  try {
    await page.screenshot({
      path,
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      // A passing notice ("Campanha na fila de envio") would sit over the page's title in a still picture.
      style: '.n-message-container { visibility: hidden !important; }',
    });
  } finally {
    if (extra > 0) await page.setViewportSize(viewport);
  }
}
