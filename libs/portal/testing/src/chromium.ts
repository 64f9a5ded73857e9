import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's headless shell (package chromium-headless-shell): Chromium without the browser UI, what Playwright itself runs headless. */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The Chromium the browser specs drive: CHROMIUM_PATH when set, else Debian's headless shell when installed, else
 * Debian's full `/usr/bin/chromium`. The shell draws the same pages for ~40 % less CPU than the full browser run
 * headless (tools/bench/README.md, "CI time"), and CPU is what the specs' two cores share.
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
}

/** Launches `chromiumPath()` with the flags every browser spec uses (no sandbox as root, no GPU, no background traffic). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
