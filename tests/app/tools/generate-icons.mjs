// Renders public/logo.svg into the PWA icons with headless Chromium (playwright-core).
// Run from the project root: node tests/app/tools/generate-icons.mjs [path-to-chromium]
// "any" icons keep the rounded tile; the maskable and Apple icons fill the square and shrink the
// drawing into the safe zone (a centred circle of 80 % of the size).
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const executablePath = process.argv[2] ?? '/usr/bin/chromium';
const logo = readFileSync('public/logo.svg', 'utf8');
const inner = logo
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect width="64" height="64" rx="14" fill="#4157A1"\/>/, '');

const tile = (size) => logo.replace('<svg ', `<svg width="${size}" height="${size}" `);
const fullBleed = (size, scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
  `<rect width="64" height="64" fill="#4157A1"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -36.5)">${inner}</g></svg>`;

const targets = [
  { path: 'public/icons/icon-192.png', size: 192, svg: tile(192), transparent: true },
  { path: 'public/icons/icon-512.png', size: 512, svg: tile(512), transparent: true },
  { path: 'public/icons/maskable-512.png', size: 512, svg: fullBleed(512, 0.7), transparent: false },
  { path: 'public/apple-touch-icon.png', size: 180, svg: fullBleed(180, 0.86), transparent: false },
];

const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const target of targets) {
    const page = await browser.newPage({ viewport: { width: target.size, height: target.size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${target.svg}</body></html>`);
    await page.screenshot({ path: target.path, omitBackground: target.transparent });
    await page.close();
    console.log(`wrote ${target.path}`);
  }
} finally {
  await browser.close();
}
