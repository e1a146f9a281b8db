/**
 * The field journeys' WebKit: WebKitGTK's MiniBrowser driven by Debian's WebKitWebDriver (classic
 * WebDriver, through selenium-webdriver) on a virtual X display of xvfb-run. Each launch is its own driver,
 * display and ephemeral profile: a first visit of every origin, as on a phone that never opened the portal.
 *
 * MiniBrowser's window is never narrower than 447 px (its toolbar). A phone's 390 CSS px come from WebKit's
 * page zoom instead: WebKitGTK scales pages by GDK_DPI_SCALE, so the phone's driver runs with 447 / 390 and
 * lays pages out at 390 CSS px, as media queries and the app see them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Builder, By, Key, until, type WebDriver, type WebElement } from 'selenium-webdriver';
import { PATIENCE_MS } from '../../../fixtures/patience';
import { freePort } from '../../../fixtures/portal-process';
import { SCREENS, absolute, firstShown, type FieldPage, type LaunchField } from './engines';

const MINIBROWSER_WIDTH = 447;

function miniBrowser(): string {
  const found = [
    process.env.WEBKIT_MINIBROWSER,
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
  ].find((path) => path && existsSync(path));
  if (!found) throw new Error('No MiniBrowser: install webkit2gtk-driver (apt-get install webkit2gtk-driver xvfb)');
  return found;
}

/** Starts WebKitWebDriver under xvfb-run and resolves once it answers /status. */
async function startDriver(zoom: number): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1400x1100x24', 'WebKitWebDriver', `--port=${port}`], {
    // Its own process group, so that stopping it also stops Xvfb and the browser it started.
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, GDK_DPI_SCALE: String(zoom) },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/status`)).ok) return { url, process: child };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('WebKitWebDriver never answered /status');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function fieldPage(driver: WebDriver, handle: string, base: string, zoomed: boolean, closed: () => void): FieldPage {
  const here = () => driver.switchTo().window(handle);
  const shown = async (xpath: string): Promise<WebElement> => {
    await here();
    return driver.wait(
      async () => ((await driver.executeScript(`return ${firstShown(xpath)}`)) as WebElement | null) ?? false,
      PATIENCE_MS,
    ) as Promise<WebElement>;
  };
  return {
    goto: async (address) => {
      await here();
      await driver.get(absolute(base, address));
    },
    reload: async () => {
      await here();
      await driver.navigate().refresh();
    },
    evaluate: async <T>(expression: string) => {
      await here();
      const answer = (await driver.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         Promise.resolve().then(() => (${expression})).then(
           (value) => done({ value }),
           (error) => done({ error: String(error && error.stack || error) }));`,
      )) as { value?: T; error?: string };
      if (answer.error !== undefined) throw new Error(`in the page: ${answer.error}`);
      return answer.value as T;
    },
    click: async (xpath) => {
      const element = await shown(xpath);
      await driver.wait(until.elementIsEnabled(element), PATIENCE_MS);
      // WebKitWebDriver places its pointer in unzoomed pixels: on the zoomed phone a click lands beside
      // its element. There the element gets the click a tap ends with; keys stay real key presses.
      if (zoomed)
        await driver.executeScript("arguments[0].scrollIntoView({ block: 'center' }); arguments[0].click();", element);
      else await element.click();
    },
    type: async (xpath, text) => (await shown(xpath)).sendKeys(text),
    setFiles: async (xpath, paths) => {
      await here();
      const input = await driver.wait(until.elementLocated(By.xpath(xpath)), PATIENCE_MS);
      // Classic WebDriver picks several files for a `multiple` input from one line each.
      await input.sendKeys(paths.join('\n'));
    },
    pressEscape: async () => {
      await here();
      await driver.actions().sendKeys(Key.ESCAPE).perform();
    },
    screenshot: async () => {
      await here();
      return Buffer.from(await driver.takeScreenshot(), 'base64');
    },
    close: async () => {
      await here();
      await driver.close();
      closed();
    },
  };
}

export const launchField: LaunchField = async (base, screen) => {
  const { width, height } = SCREENS[screen];
  const zoom = screen === 'phone' ? MINIBROWSER_WIDTH / width : 1;
  const server = await startDriver(zoom);
  const stop = () => {
    try {
      process.kill(-server.process.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  let driver: WebDriver;
  try {
    driver = await new Builder()
      .usingServer(server.url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] },
      })
      .build();
    await driver.manage().setTimeouts({ script: PATIENCE_MS, pageLoad: PATIENCE_MS, implicit: 0 });
    // The window's toolbar takes about 38 px above the page.
    await driver
      .manage()
      .window()
      .setRect({ width: Math.round(width * zoom), height: Math.round((height + 38) * zoom) });
    // A journey at the wrong width would pass or fail for the wrong layout: a MiniBrowser whose window
    // limits changed must stop the run here.
    const laidOut = (await driver.executeScript('return innerWidth')) as number;
    if (Math.round(laidOut) !== width) throw new Error(`WebKit lays pages out at ${laidOut} px, not ${width}`);
  } catch (error) {
    stop();
    throw error;
  }
  // The open pages' windows; the first is the one the session started with.
  const open: string[] = [];
  let started = false;
  return {
    engine: 'webkit',
    screen,
    newPage: async () => {
      if (started) {
        // A new tab is opened from a window that is still open.
        await driver.switchTo().window(open.at(-1)!);
        await driver.switchTo().newWindow('tab');
      }
      started = true;
      const handle = await driver.getWindowHandle();
      open.push(handle);
      return fieldPage(driver, handle, base, zoom !== 1, () => open.splice(open.indexOf(handle), 1));
    },
    close: async () => {
      await driver.quit().catch(() => undefined);
      stop();
    },
  };
};
